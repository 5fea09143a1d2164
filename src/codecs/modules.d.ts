// seek-bzip ships no types.
declare module 'seek-bzip' {
  const Bunzip: { decode(input: Uint8Array): Uint8Array };
  export default Bunzip;
}
