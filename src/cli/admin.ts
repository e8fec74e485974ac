// Operator CLI over the same store as the server: prints one JSON object per command.
import { loadConfig, ConfigError } from '../config/config.js';
import { createCoreServices } from '../services.js';
import { ClientError, PERIODS, keyView } from '../clients/clients.js';
import type { ClientRecord, QuotaPeriod } from '../store/index.js';
import { flagString, parseArgs, parseCount, UsageError, type ParsedArgs } from './args.js';
import { hashPassword } from '../auth/passwords.js';

const USAGE = `usage: npm run admin -- <command>
  client create --name NAME [--quota N] [--period none|day|month] [--email E] [--password-stdin]
  client list
  client show ID
  client block ID
  client unblock ID
  client set-quota ID N [--period none|day|month]
  client set-password ID            (reads the password from stdin)
  key issue CLIENT_ID [--label L]
  key list CLIENT_ID
  key revoke KEY_ID`;

type Core = Awaited<ReturnType<typeof createCoreServices>>;

const period = (v: string | undefined, fallback: QuotaPeriod): QuotaPeriod => {
  if (v === undefined) return fallback;
  if (!(PERIODS as readonly string[]).includes(v)) throw new UsageError('--period must be none, day or month');
  return v as QuotaPeriod;
};

const need = (args: ParsedArgs, i: number, what: string): string => {
  const v = args.positionals[i];
  if (!v) throw new UsageError(`missing ${what}`);
  return v;
};

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError('pipe the password on stdin');
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

async function readPassword(): Promise<string> {
  const pw = await readStdin();
  if (pw.length < 8) throw new UsageError('password must be at least 8 characters');
  return pw;
}

async function clientView(s: Core, c: ClientRecord) {
  const q = s.quota.status(c);
  const keys = await s.store.listKeys(c.id);
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    blocked: c.blocked,
    quota: { limit: q.limit, period: q.period, used: q.used, remaining: q.remaining, resetsAt: q.resetsAt },
    keys: keys.map(keyView),
    createdAt: c.createdAt,
  };
}

async function run(s: Core, args: ParsedArgs): Promise<unknown> {
  const [group, cmd] = args.positionals;
  const key = `${group ?? ''} ${cmd ?? ''}`;
  switch (key) {
    case 'client create': {
      const name = flagString(args, 'name');
      if (!name) throw new UsageError('--name is required');
      const quotaFlag = flagString(args, 'quota');
      const email = flagString(args, 'email');
      const passwordHash = args.flags.get('password-stdin') ? await hashPassword(await readPassword()) : null;
      if (passwordHash && !email) throw new UsageError('--password-stdin needs --email');
      const c = await s.clients.create({
        name,
        email: email ?? null,
        passwordHash,
        quotaLimit: quotaFlag === undefined ? s.config.DEFAULT_QUOTA : parseCount(quotaFlag, '--quota'),
        quotaPeriod: period(flagString(args, 'period'), s.config.DEFAULT_PERIOD),
      });
      return { id: c.id, name: c.name, email: c.email, quota: c.quotaLimit, period: c.quotaPeriod };
    }
    case 'client list': {
      const list = await s.clients.list();
      return {
        clients: list.map((c) => {
          const q = s.quota.status(c);
          return { id: c.id, name: c.name, email: c.email, blocked: c.blocked, quota: q.limit, period: q.period, used: q.used };
        }),
      };
    }
    case 'client show':
      return clientView(s, await s.clients.get(need(args, 2, 'ID')));
    case 'client block':
      return clientView(s, await s.clients.setBlocked(need(args, 2, 'ID'), true));
    case 'client unblock':
      return clientView(s, await s.clients.setBlocked(need(args, 2, 'ID'), false));
    case 'client set-quota': {
      const id = need(args, 2, 'ID');
      const n = parseCount(need(args, 3, 'N'), 'quota');
      const current = await s.clients.get(id);
      return clientView(s, await s.clients.setQuota(id, n, period(flagString(args, 'period'), current.quotaPeriod)));
    }
    case 'client set-password': {
      const id = need(args, 2, 'ID');
      await s.clients.get(id);
      await s.clients.setPasswordHash(id, await hashPassword(await readPassword()));
      return { id, passwordSet: true };
    }
    case 'key issue': {
      const k = await s.clients.issueKey(need(args, 2, 'CLIENT_ID'), flagString(args, 'label') ?? '');
      return { id: k.id, clientId: k.clientId, label: k.label, token: k.token };
    }
    case 'key list':
      return { keys: (await s.clients.listKeys(need(args, 2, 'CLIENT_ID'))).map(keyView) };
    case 'key revoke':
      return keyView(await s.clients.revokeKey(need(args, 2, 'KEY_ID')));
    default:
      throw new UsageError(`unknown command "${key.trim()}"`);
  }
}

async function main(): Promise<number> {
  let args: ParsedArgs;
  try {
    args = parseArgs(process.argv.slice(2), ['password-stdin', 'help']);
  } catch (err) {
    console.error(`error: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.flags.get('help') || args.positionals.length === 0) {
    console.error(USAGE);
    return args.flags.get('help') ? 0 : 2;
  }
  let services: Core | undefined;
  try {
    const config = loadConfig();
    services = await createCoreServices(config);
    const result = await run(services, args);
    process.stdout.write(JSON.stringify(result) + '\n');
    return 0;
  } catch (err) {
    if (err instanceof UsageError) console.error(`error: ${err.message}\n${USAGE}`);
    else if (err instanceof ClientError || err instanceof ConfigError) console.error(`error: ${err.message}`);
    else console.error(`error: ${(err as Error).message ?? err}`);
    return err instanceof UsageError ? 2 : 1;
  } finally {
    await services?.store.close().catch(() => {});
  }
}

process.exitCode = await main();
