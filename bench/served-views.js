// Issue 36 §3: what counting a view at serve time costs a cached page (docs/BENCHMARKS.md,
// "Views counted when served"). Start a production server with TRUST_PROXY=loopback first, e.g.
//   BUILD_DIR=build NODE_ENV=production PORT=3951 DATABASE_URL=/tmp/b/site.db DATA_DIR=/tmp/b \
//   ADMIN_PASSWORD=bench-password-1 TRUST_PROXY=loopback WEB_CONCURRENCY=1 node server.js
// then: node bench/served-views.js http://127.0.0.1:3951   (D=seconds per row, default 10)
import autocannon from 'autocannon'
const url = process.argv[2]
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
let n = 0
const ipOf = (k) => `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`
const run = (title, headers, addresses) =>
  new Promise((resolve) => {
    autocannon(
      {
        url: `${url}/pricing?utm_source=bench&utm_campaign=load`,
        connections: 16,
        duration: Number(process.env.D ?? 10),
        headers: { 'user-agent': UA, 'accept-encoding': 'gzip', ...headers },
        requests: [
          {
            setupRequest: (req) => {
              n++
              req.headers = { ...req.headers, 'x-forwarded-for': ipOf(addresses ? n % addresses : n) }
              return req
            },
          },
        ],
      },
      (err, r) => {
        console.log(`| ${title} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`)
        resolve(r)
      },
    )
  })
await run('warm-up', { dnt: '1' }, 0)
for (let i = 0; i < 2; i++) {
  await run('not counted (DNT: 1)', { dnt: '1' }, 0)
  await run('counted: 1,000 returning visitors', {}, 1000)
  await run('counted: a new visitor every request', {}, 0)
}
