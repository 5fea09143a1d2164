import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { aliasesFromS3nc, parseAliases, serializeAliases, validateAlias } from './aliases';
import { parseAwsIni } from './aws-ini';
import { loadAwsEnvironment } from './aws-env';

const dir = mkdtempSync(path.join(os.tmpdir(), 'zv-aws-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const credentials = path.join(dir, 'credentials');
const config = path.join(dir, 'config');
writeFileSync(
  credentials,
  `# comment
[default]
aws_access_key_id = AKIDDEFAULT
aws_secret_access_key = defaultsecret

[unidata]
aws_access_key_id=AKIDUNIDATA
aws_secret_access_key=unidatasecret
aws_session_token = tok
`,
);
writeFileSync(
  config,
  `[default]
region = eu-west-1
[profile unidata]
region = us-west-2
s3 =
  endpoint_url = http://127.0.0.1:9000
[profile cfgonly]
aws_access_key_id = AKIDCFG
aws_secret_access_key = cfgsecret
endpoint_url = https://s3.example.org
`,
);
const files = { AWS_SHARED_CREDENTIALS_FILE: credentials, AWS_CONFIG_FILE: config, HOME: dir };

describe('AWS environment', () => {
  it('reads the default profile from the files', async () => {
    const aws = await loadAwsEnvironment({ env: files });
    expect(aws).toMatchObject({
      profile: 'default',
      region: 'eu-west-1',
      source: 'credentials file',
      endpoint: undefined,
    });
    expect(aws.credentials).toEqual({ accessKeyId: 'AKIDDEFAULT', secretAccessKey: 'defaultsecret' });
  });

  it('the awsprofile fragment key chooses the profile, over AWS_PROFILE and env credentials', async () => {
    const env = { ...files, AWS_PROFILE: 'default', AWS_ACCESS_KEY_ID: 'AKIDENV', AWS_SECRET_ACCESS_KEY: 'envsecret' };
    const aws = await loadAwsEnvironment({ profile: 'unidata', env });
    expect(aws).toMatchObject({ profile: 'unidata', region: 'us-west-2', endpoint: 'http://127.0.0.1:9000' });
    expect(aws.credentials).toEqual({
      accessKeyId: 'AKIDUNIDATA',
      secretAccessKey: 'unidatasecret',
      sessionToken: 'tok',
    });
  });

  it('environment variables win without an explicit profile', async () => {
    const env = {
      ...files,
      AWS_PROFILE: 'unidata',
      AWS_ACCESS_KEY_ID: 'AKIDENV',
      AWS_SECRET_ACCESS_KEY: 'envsecret',
      AWS_SESSION_TOKEN: 's',
      AWS_DEFAULT_REGION: 'ap-south-1',
      AWS_ENDPOINT_URL: 'http://localhost:4566',
    };
    const aws = await loadAwsEnvironment({ env });
    expect(aws).toMatchObject({
      source: 'environment',
      region: 'ap-south-1',
      endpoint: 'http://localhost:4566',
      profile: 'unidata',
    });
    expect(aws.credentials?.sessionToken).toBe('s');
    expect((await loadAwsEnvironment({ env: { ...env, AWS_REGION: 'eu-north-1' } })).region).toBe('eu-north-1');
  });

  it('credentials in the config file, endpoint_url at profile level', async () => {
    const aws = await loadAwsEnvironment({ profile: 'cfgonly', env: files });
    expect(aws).toMatchObject({ source: 'config file', endpoint: 'https://s3.example.org' });
  });

  it('an unknown awsprofile is a usage error; no files means anonymous', async () => {
    await expect(loadAwsEnvironment({ profile: 'nope', env: files })).rejects.toMatchObject({ code: 'usage' });
    const none = await loadAwsEnvironment({ env: { HOME: path.join(dir, 'empty') } });
    expect(none.credentials).toBeUndefined();
  });

  it('parses sub-sections', () => {
    const ini = parseAwsIni('[a]\nk = v\ns3 =\n  x = 1\nz=2\n');
    expect(Object.fromEntries(ini.get('a')!)).toEqual({ k: 'v', s3: '', 's3.x': '1', z: '2' });
  });
});

describe('endpoint aliases', () => {
  const alias = {
    name: 'minio',
    url: 'http://127.0.0.1:9000/',
    region: 'us-east-1',
    credentials: { accessKeyId: 'AK', secretAccessKey: 'SECRET' },
  };
  it('serialise without secrets unless asked', () => {
    const safe = serializeAliases([alias]);
    expect(safe).not.toContain('SECRET');
    expect(safe).not.toContain('AK"');
    expect(parseAliases(safe)).toEqual([{ name: 'minio', url: 'http://127.0.0.1:9000', region: 'us-east-1' }]);
    expect(parseAliases(serializeAliases([alias], { keepSecrets: true }))[0]?.credentials).toEqual(alias.credentials);
    expect(parseAliases(serializeAliases([{ ...alias, addressing: 'virtual' }]))[0]?.addressing).toBe('virtual');
  });
  it('validate names and URLs', () => {
    expect(() => validateAlias({ ...alias, name: 'a/b' })).toThrow(/one word/);
    expect(() => validateAlias({ ...alias, url: 'ftp://x' })).toThrow(/http/);
    expect(() => validateAlias({ ...alias, url: 'http://u:p@x' })).toThrow(/must not contain credentials/);
    expect(() => parseAliases('{')).toThrow(/JSON/);
  });
  it('import S3netCDF4 hosts', () => {
    const cfg = JSON.stringify({
      version: '9',
      hosts: {
        's3://tenancy-0': {
          alias: 'tenancy-0',
          url: 'http://tenancy-0.jc.rl.ac.uk',
          credentials: { accessKey: 'blank', secretKey: 'blank' },
          api: 'S3v4',
        },
      },
    });
    expect(aliasesFromS3nc(cfg)).toEqual([
      {
        name: 'tenancy-0',
        url: 'http://tenancy-0.jc.rl.ac.uk',
        region: 'us-east-1',
        credentials: { accessKeyId: 'blank', secretAccessKey: 'blank' },
      },
    ]);
  });
});
