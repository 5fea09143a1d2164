/**
 * Node-only (CLI): S3 credentials, region and endpoint the AWS way. Environment variables
 * (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, `AWS_REGION`/`AWS_DEFAULT_REGION`,
 * `AWS_ENDPOINT_URL_S3`/`AWS_ENDPOINT_URL`) and profiles of `~/.aws/credentials` and `~/.aws/config`
 * (or `AWS_SHARED_CREDENTIALS_FILE` / `AWS_CONFIG_FILE`), the profile chosen by netcdf-c's `awsprofile`
 * fragment key, else `AWS_PROFILE`, else `default`. Credentials are returned in memory only.
 *
 * @example const aws = await loadAwsEnvironment({ profile: fragmentValue(loc.fragment ?? [], 'awsprofile') });
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { S3Credentials } from '../url/endpoints';
import { UsageError } from '../errors';
import { parseAwsIni, type IniSections } from './aws-ini';

export interface AwsEnvironment {
  /** The profile that was read. */
  readonly profile: string;
  readonly credentials: S3Credentials | undefined;
  readonly region: string | undefined;
  readonly endpoint: string | undefined;
  /** Where the credentials came from (`environment`, `credentials file`, `config file`), never their value. */
  readonly source: string | undefined;
}

export interface AwsEnvironmentOptions {
  /** The `awsprofile` fragment key (wins over `AWS_PROFILE` and over credential environment variables). */
  readonly profile?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

async function readIni(file: string): Promise<IniSections> {
  try {
    return parseAwsIni(await fs.readFile(file, 'utf8'));
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return new Map();
    throw new UsageError(`Could not read the AWS file ${file}: ${(e as Error).message}`, { cause: e });
  }
}

function credsOf(s: Map<string, string> | undefined): S3Credentials | undefined {
  const id = s?.get('aws_access_key_id');
  const secret = s?.get('aws_secret_access_key');
  if (!id || !secret) return undefined;
  const token = s?.get('aws_session_token');
  return { accessKeyId: id, secretAccessKey: secret, ...(token ? { sessionToken: token } : {}) };
}

/** Reads the AWS environment for one S3 location. */
export async function loadAwsEnvironment(options: AwsEnvironmentOptions = {}): Promise<AwsEnvironment> {
  const env = options.env ?? process.env;
  const home = env.HOME ?? os.homedir();
  const credFile = env.AWS_SHARED_CREDENTIALS_FILE || path.join(home, '.aws', 'credentials');
  const configFile = env.AWS_CONFIG_FILE || path.join(home, '.aws', 'config');
  const profile = options.profile || env.AWS_PROFILE || 'default';
  const [credIni, configIni] = await Promise.all([readIni(credFile), readIni(configFile)]);
  const credSection = credIni.get(profile);
  const configSection =
    configIni.get(profile === 'default' ? 'default' : `profile ${profile}`) ?? configIni.get(profile);
  if (options.profile && !credSection && !configSection) {
    throw new UsageError(
      `The AWS profile "${options.profile}" (from awsprofile=) is in neither ${credFile} nor ${configFile}.`,
    );
  }

  let credentials: S3Credentials | undefined;
  let source: string | undefined;
  const envId = env.AWS_ACCESS_KEY_ID;
  const envSecret = env.AWS_SECRET_ACCESS_KEY;
  if (!options.profile && envId && envSecret) {
    credentials = {
      accessKeyId: envId,
      secretAccessKey: envSecret,
      ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
    };
    source = 'environment';
  } else if ((credentials = credsOf(credSection))) source = 'credentials file';
  else if ((credentials = credsOf(configSection))) source = 'config file';

  const region =
    env.AWS_REGION || env.AWS_DEFAULT_REGION || configSection?.get('region') || credSection?.get('region') || undefined;
  const endpoint =
    env.AWS_ENDPOINT_URL_S3 ||
    env.AWS_ENDPOINT_URL ||
    configSection?.get('s3.endpoint_url') ||
    configSection?.get('endpoint_url') ||
    undefined;
  return { profile, credentials, region, endpoint, source };
}
