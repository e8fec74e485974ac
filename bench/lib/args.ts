// The bench scripts' command lines: `--name value` flags anywhere, positional arguments in between.

/**
 * The value after the flag `name` (`--count`), taken out of `args` with its flag so that what is left
 * is the positional arguments; undefined when the flag is absent or has no value after it.
 */
export function takeFlag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, value === undefined ? 1 : 2);
  return value;
}
