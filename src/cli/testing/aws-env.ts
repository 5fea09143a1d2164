/**
 * Test helper: the AWS environment of one CLI run — no ~/.aws files (both point into `home`), one endpoint, and
 * credentials when given — with the variables the process had put back by `restore()`.
 */
import path from 'node:path';

const AWS_VARS = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
  'AWS_PROFILE',
  'AWS_ENDPOINT_URL',
  'AWS_ENDPOINT_URL_S3',
  'AWS_SHARED_CREDENTIALS_FILE',
  'AWS_CONFIG_FILE',
];

export interface AwsEnvironment {
  set(endpoint: string, creds?: { readonly accessKeyId: string; readonly secretAccessKey: string }): void;
  restore(): void;
}

export function awsEnvironment(home: string): AwsEnvironment {
  const saved = new Map(AWS_VARS.map((k) => [k, process.env[k]] as const));
  return {
    set(endpoint, creds) {
      for (const k of AWS_VARS) delete process.env[k];
      process.env.AWS_SHARED_CREDENTIALS_FILE = path.join(home, 'credentials');
      process.env.AWS_CONFIG_FILE = path.join(home, 'config');
      process.env.AWS_REGION = 'us-east-1';
      process.env.AWS_ENDPOINT_URL = endpoint;
      if (creds) {
        process.env.AWS_ACCESS_KEY_ID = creds.accessKeyId;
        process.env.AWS_SECRET_ACCESS_KEY = creds.secretAccessKey;
      }
    },
    restore() {
      for (const [k, v] of saved) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    },
  };
}
