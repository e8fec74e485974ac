/** Minimal argv parser: positionals plus `--flag value` / `--flag=value` / boolean `--flag`. */
export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

export function parseArgs(argv: string[], booleanFlags: readonly string[] = []): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    if (eq > 0) {
      flags.set(a.slice(2, eq), a.slice(eq + 1));
    } else if (booleanFlags.includes(a.slice(2))) {
      flags.set(a.slice(2), true);
    } else {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value`);
      flags.set(a.slice(2), v);
      i++;
    }
  }
  return { positionals, flags };
}

export class UsageError extends Error {}

export function flagString(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  if (v === true) throw new UsageError(`--${name} needs a value`);
  return v;
}

export function parseCount(v: string, what: string): number {
  if (!/^\d+$/.test(v)) throw new UsageError(`${what} must be a non-negative integer, got "${v}"`);
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new UsageError(`${what} is too large`);
  return n;
}
