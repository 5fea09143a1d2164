/** A location that does not parse, or an S3 address that cannot be resolved (the class lives with the others). */
export { UrlError } from '../errors';
