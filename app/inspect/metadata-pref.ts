/** Whether the metadata panel beside a variable's plot is open (a UI preference, remembered; closed at first). */
import { useStored } from '../common/use-stored';

const KEY = 'zarrview.metadataOpen';
const parse = (t: string | null) => t === 'true';

export function useMetadataOpen() {
  return useStored(KEY, parse);
}
