import { execFile } from 'node:child_process'
import { BUILD_DIR } from './server.ts'

/**
 * `npm run admin:create` as an operator runs it, against `env`'s database; the one-time password
 * it printed last. Their notice email is `email` (by default USERNAME@people.example); `null`
 * leaves `--email` out.
 */
export function adminCreate(
  env: Record<string, string>,
  username: string,
  role: string,
  email: string | null = `${username}@people.example`,
): Promise<{ code: number; stdout: string; stderr: string; password?: string }> {
  const args = ['scripts/admin-create.js', '--username', username, '--role', role, ...(email === null ? [] : ['--email', email])]
  return new Promise((resolve) => {
    execFile('node', args, { env: { ...process.env, BUILD_DIR, LOG_LEVEL: 'silent', ...env } }, (err, stdout, stderr) =>
      resolve({
        code: err ? ((err as { code?: number }).code ?? 1) : 0,
        stdout,
        stderr,
        password: /password[^:\n]*: (\S+)\s*$/.exec(stdout)?.[1],
      }),
    )
  })
}
