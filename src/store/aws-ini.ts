/**
 * The INI dialect of `~/.aws/credentials` and `~/.aws/config`: `[section]`, `key = value`, `#`/`;` comments,
 * and indented sub-keys under `key =` (e.g. `s3 =\n  endpoint_url = …`, read as `s3.endpoint_url`).
 */

export type IniSections = Map<string, Map<string, string>>;

export function parseAwsIni(text: string): IniSections {
  const sections: IniSections = new Map();
  let current: Map<string, string> | undefined;
  let parent: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*([#;].*)?$/.test(raw)) continue;
    const section = /^\s*\[\s*([^\]]+?)\s*\]\s*$/.exec(raw);
    if (section) {
      current = sections.get(section[1]!) ?? new Map();
      sections.set(section[1]!, current);
      parent = undefined;
      continue;
    }
    const kv = /^(\s*)([^=\s][^=]*?)\s*=\s*(.*?)\s*$/.exec(raw);
    if (!kv || !current) continue;
    const [, indent, key, value] = kv as unknown as [string, string, string, string];
    if (indent && parent !== undefined) current.set(`${parent}.${key.toLowerCase()}`, value);
    else {
      current.set(key.toLowerCase(), value);
      parent = value === '' ? key.toLowerCase() : undefined;
    }
  }
  return sections;
}
