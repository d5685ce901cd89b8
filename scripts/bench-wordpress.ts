/**
 * The peer: our blog against WordPress on the same machine. `npm run bench:wordpress` (root; builds first).
 *
 * Sets up, all under one temp dir and torn down at the end: our built server on a fresh data dir (the demo
 * content), and WordPress from Debian's packages (`wordpress`, `wordpress-theme-twentytwentythree`,
 * `php-fpm`, `mariadb-server`, nginx; installed with apt-get when missing) with its own MariaDB, php-fpm
 * pool and nginx. The demo posts are read from our public blog API and created in WordPress (wp_insert_post
 * through WordPress's PHP). WordPress is served three ways: plain (nginx + php-fpm, no cache), nginx's
 * fastcgi_cache (the usual setup) and nginx serving a cache of precompressed pages (brotli_static).
 *
 * Printed for home, blog list and a post: req/s and p99 (Debian's wrk, -c32, a browser's Accept-Encoding
 * and User-Agent, median of 3 rounds), HTML bytes (brotli), JavaScript bytes (gzip -9 of every script the
 * page loads in Chromium) and Lighthouse (bench:web's audit: performance, LCP, TBT, median of 3).
 *
 *   BENCH_SECONDS=3 npm run bench:wordpress    seconds per wrk run (default 5)
 *   BENCH_ROUNDS=5                              wrk rounds (default 3); BENCH_RUNS: Lighthouse runs (default 3)
 *   BENCH_SKIP_LIGHTHOUSE=1                     load and bytes only
 *   BENCH_KEEP=1                                leave the temp dir and print its path
 *   BENCH_PORTS=3104,8081,8082,8083             ours, WordPress plain, fastcgi_cache, precompressed
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import { chromium } from "playwright-core";
import { ensureBuild } from "#tests/support/build.ts";
import { startServer, type RunningServer } from "#tests/e2e/support/server.ts";
import { audit, CHROME_FLAGS } from "./bench-web";
import {
  median,
  medianOfRounds,
  PAGE_NAMES,
  parseWrk,
  renderTable,
  type Column,
  type Lighthouse,
  type PageName,
  type WrkResult,
} from "./bench-wordpress-table";
import { BROWSER_AGENT, BROWSER_ENCODING, rawGet } from "./support/wire";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const [OURS_PORT, PLAIN_PORT, FASTCGI_PORT, STATIC_PORT] = (process.env.BENCH_PORTS ?? "3104,8081,8082,8083")
  .split(",")
  .map(Number) as [number, number, number, number];
const WP_SOURCE = "/usr/share/wordpress";
const PHP_FPM = "/usr/sbin/php-fpm8.2";
const NGINX = "/usr/sbin/nginx";
const WRK = "/usr/bin/wrk";
/** wrk against nginx's smallest static answer must reach this multiple of every figure, or wrk was the limit. */
const CLIENT_HEADROOM = 2;

const REQUIRED: [path: string, pkg: string][] = [
  [WRK, "wrk"],
  [NGINX, "nginx"],
  ["/usr/lib/nginx/modules/ngx_http_brotli_static_module.so", "libnginx-mod-http-brotli-static"],
  [PHP_FPM, "php-fpm"],
  ["/usr/bin/php", "php-cli"],
  ["/usr/bin/php", "php-mysql"], // checked through PHP itself below
  ["/usr/sbin/mariadbd", "mariadb-server"],
  [`${WP_SOURCE}/wp-settings.php`, "wordpress"],
  [`${WP_SOURCE}/wp-content/themes/twentytwentythree/style.css`, "wordpress-theme-twentytwentythree"],
];

/** Debian's packages: installed when missing and running as root, else the command to run is printed. */
function ensurePackages() {
  const phpHasMysqli = () =>
    existsSync("/usr/bin/php") &&
    spawnSync("/usr/bin/php", ["-r", "exit(extension_loaded('mysqli') ? 0 : 1);"]).status === 0;
  const missing = [
    ...new Set(
      REQUIRED.filter(([path, pkg]) => (pkg === "php-mysql" ? !phpHasMysqli() : !existsSync(path))).map(
        ([, pkg]) => pkg,
      ),
    ),
  ];
  const command = `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing.join(" ")}`;
  // php-fpm's pool and nginx's workers run as www-data, which only root can switch to.
  if (process.getuid?.() !== 0)
    throw new Error(
      `bench:wordpress must run as root${missing.length === 0 ? "" : `; the Debian packages it needs:\n  ${command}`}`,
    );
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(", ")} from Debian's packages...`);
  if (spawnSync("sh", ["-c", command], { stdio: "inherit" }).status !== 0)
    throw new Error(`could not install ${missing.join(", ")}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Daemon {
  name: string;
  child: ChildProcess;
  stopSignal: NodeJS.Signals;
}

function daemon(
  name: string,
  command: string,
  args: string[],
  stopSignal: NodeJS.Signals = "SIGTERM",
): Daemon {
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit"] });
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`${name} stopped (exit ${code ?? signal})`);
  });
  return { name, child, stopSignal };
}

let stopping = false;

async function stopDaemon({ child, stopSignal }: Daemon) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(stopSignal);
  await Promise.race([exited, sleep(15_000).then(() => child.kill("SIGKILL"))]);
}

async function waitUntil(what: string, ready: () => Promise<boolean> | boolean, seconds = 60) {
  for (let i = 0; i < seconds * 10; i++) {
    try {
      if (await ready()) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`${what} was not ready in ${seconds} s`);
}

const browserHeaders = { "accept-encoding": BROWSER_ENCODING, "user-agent": BROWSER_AGENT };
const brotli = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

function wrk(url: string, seconds = SECONDS): WrkResult {
  // -t1 as bench:http: one client thread leaves the other core to the server; --timeout so a slow answer
  // counts in p99 instead of as a socket error.
  const args = ["-t1", "-c32", `-d${seconds}s`, "--latency", "--timeout", "10s"];
  args.push("-H", `Accept-Encoding: ${BROWSER_ENCODING}`, "-H", `User-Agent: ${BROWSER_AGENT}`);
  return parseWrk(execFileSync(WRK, [...args, url], { encoding: "utf8" }));
}

// ---------------------------------------------------------------------------------------------- WordPress

interface Post {
  heading: string;
  sub_heading: string;
  full_description: string;
}

/** The demo posts, read through our public blog API (list, then each post's detail), oldest first. */
async function readOurPosts(origin: string): Promise<Post[]> {
  const list = (await (await fetch(`${origin}/api/blog_details/`)).json()) as { id: number }[];
  const posts: Post[] = [];
  for (const { id } of list)
    posts.push((await (await fetch(`${origin}/api/blog_details/${id}/`)).json()) as Post);
  return posts.reverse();
}

async function startMariaDb(dir: string): Promise<{ daemon: Daemon; socket: string }> {
  const dataDir = join(dir, "mysql");
  const socket = join(dir, "mysql.sock");
  execFileSync(
    "mariadb-install-db",
    ["--no-defaults", `--datadir=${dataDir}`, "--user=root", "--auth-root-authentication-method=socket"],
    { stdio: "ignore" },
  );
  const db = daemon("mariadbd", "/usr/sbin/mariadbd", [
    "--no-defaults",
    `--datadir=${dataDir}`,
    `--socket=${socket}`,
    `--pid-file=${join(dir, "mysql.pid")}`,
    "--skip-networking",
    `--log-error=${join(dir, "mysql.log")}`,
    "--user=root",
    "--innodb-buffer-pool-size=128M",
  ]);
  await waitUntil("MariaDB", () => existsSync(socket));
  execFileSync("mariadb", ["--no-defaults", `--socket=${socket}`, "-u", "root"], {
    input:
      "CREATE DATABASE wordpress; CREATE USER 'wordpress'@'localhost' IDENTIFIED BY 'bench';" +
      "GRANT ALL ON wordpress.* TO 'wordpress'@'localhost';",
  });
  return { daemon: db, socket };
}

/** Debian's WordPress copied into the temp dir (symlinks followed), with a config of its own. */
function prepareWordPress(dir: string, socket: string): string {
  const root = join(dir, "wordpress");
  cpSync(WP_SOURCE, root, { recursive: true, dereference: true });
  writeFileSync(
    join(root, "wp-config.php"),
    `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', 'bench');
define('DB_HOST', 'localhost:${socket}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
// Links follow the port asked for, so each of the three setups links to itself.
$bench_host = isset($_SERVER['HTTP_HOST']) ? $_SERVER['HTTP_HOST'] : '127.0.0.1:${PLAIN_PORT}';
define('WP_HOME', 'http://' . $bench_host);
define('WP_SITEURL', 'http://' . $bench_host);
define('AUTH_KEY', 'bench'); define('SECURE_AUTH_KEY', 'bench'); define('LOGGED_IN_KEY', 'bench');
define('NONCE_KEY', 'bench'); define('AUTH_SALT', 'bench'); define('SECURE_AUTH_SALT', 'bench');
define('LOGGED_IN_SALT', 'bench'); define('NONCE_SALT', 'bench');
// wp-cron would fire a loopback request from page views during the runs.
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_DEBUG', false);
$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
  );
  return root;
}

/** Installs WordPress (default theme) and creates the posts, a front page and a blog page, in PHP. */
function installWordPress(root: string, dir: string, posts: Post[]) {
  const postsFile = join(dir, "posts.json");
  writeFileSync(postsFile, JSON.stringify(posts));
  const php = `<?php
$_SERVER['HTTP_HOST'] = '127.0.0.1:${PLAIN_PORT}';
define('WP_INSTALLING', true);
require '${root}/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
wp_install('The blog', 'admin', 'admin@example.com', true, '', 'bench-password-123');
foreach (get_posts(['post_type' => ['post', 'page'], 'post_status' => 'any', 'numberposts' => -1]) as $p) wp_delete_post($p->ID, true);
update_option('permalink_structure', '/%postname%/');
$posts = json_decode(file_get_contents('${postsFile}'), true);
$day = time() - count($posts) * 86400;
foreach ($posts as $i => $post) {
  $at = gmdate('Y-m-d H:i:s', $day + $i * 86400);
  wp_insert_post(['post_title' => $post['heading'], 'post_excerpt' => $post['sub_heading'],
    'post_content' => $post['full_description'], 'post_status' => 'publish', 'post_author' => 1,
    'post_date' => $at, 'post_date_gmt' => $at]);
}
$home = wp_insert_post(['post_type' => 'page', 'post_title' => 'Home', 'post_status' => 'publish',
  'post_content' => "<!-- wp:paragraph --><p>Notes from our team.</p><!-- /wp:paragraph -->\\n" .
    '<!-- wp:latest-posts {"postsToShow":3,"displayPostContent":true,"excerptLength":30,"displayPostDate":true} /-->']);
$blog = wp_insert_post(['post_type' => 'page', 'post_title' => 'Blog', 'post_name' => 'blog', 'post_status' => 'publish']);
update_option('show_on_front', 'page');
update_option('page_on_front', $home);
update_option('page_for_posts', $blog);
flush_rewrite_rules();
echo count(get_posts(['numberposts' => -1])), "\\n";
`;
  writeFileSync(join(dir, "install.php"), php);
  // stderr kept out of the report: wp_install's mail to the admin finds no sendmail, which is harmless here.
  const created = execFileSync("/usr/bin/php", [join(dir, "install.php")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();
  if (Number(created.split("\n").at(-1)) !== posts.length)
    throw new Error(`WordPress holds ${created} posts, expected ${posts.length}`);
}

function startPhpFpm(dir: string): { daemon: Daemon; socket: string } {
  const socket = join(dir, "php-fpm.sock");
  // Debian's default www pool: a dynamic pool of at most 5 children, running as www-data.
  writeFileSync(
    join(dir, "php-fpm.conf"),
    `[global]
pid = ${dir}/php-fpm.pid
error_log = ${dir}/php-fpm.log
daemonize = no
[www]
user = www-data
group = www-data
listen = ${socket}
listen.mode = 0666
pm = dynamic
pm.max_children = 5
pm.start_servers = 2
pm.min_spare_servers = 1
pm.max_spare_servers = 3
`,
  );
  return { daemon: daemon("php-fpm", PHP_FPM, ["-F", "-y", join(dir, "php-fpm.conf")], "SIGQUIT"), socket };
}

/** One nginx, three servers: plain, fastcgi_cache, and a directory of precompressed pages; and a tiny static answer. */
function startNginx(dir: string, root: string, fpmSocket: string, staticRoot: string): Daemon {
  const php = `include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
      fastcgi_pass unix:${fpmSocket};`;
  const assets = `location ~* \\.(css|js|svg|png|jpe?g|gif|webp|woff2?|ico)$ { expires 30d; access_log off; }`;
  writeFileSync(
    join(dir, "nginx.conf"),
    `load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
user www-data;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  # Debian's nginx.conf turns gzip on; the level and types are the usual WordPress guides'.
  gzip on;
  gzip_vary on;
  gzip_comp_level 6;
  gzip_types text/css application/javascript application/json image/svg+xml text/plain;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  fastcgi_cache_path ${dir}/nginx-cache levels=1:2 keys_zone=wordpress:10m max_size=256m inactive=60m;

  server {
    listen 127.0.0.1:${PLAIN_PORT};
    root ${root};
    index index.php;
    location / { try_files $uri $uri/ /index.php?$args; }
    location ~ \\.php$ { ${php} }
    ${assets}
    location = /wrk-ceiling { access_log off; default_type text/plain; return 200 "ok"; }
  }

  server {
    listen 127.0.0.1:${FASTCGI_PORT};
    root ${root};
    index index.php;
    # The usual WordPress page cache: no cache for logged-in users, commenters, POSTs and query strings.
    set $skip_cache 0;
    if ($request_method = POST) { set $skip_cache 1; }
    if ($query_string != "") { set $skip_cache 1; }
    if ($http_cookie ~* "comment_author|wordpress_[a-f0-9]+|wp-postpass|wordpress_logged_in") { set $skip_cache 1; }
    location / { try_files $uri $uri/ /index.php?$args; }
    location ~ \\.php$ {
      ${php}
      fastcgi_cache wordpress;
      fastcgi_cache_key "$scheme$request_method$host$request_uri";
      fastcgi_cache_valid 200 301 302 60m;
      fastcgi_cache_use_stale error timeout updating http_500 http_503;
      fastcgi_cache_lock on;
      fastcgi_cache_bypass $skip_cache;
      fastcgi_no_cache $skip_cache;
      add_header X-Cache $upstream_cache_status;
    }
    ${assets}
  }

  server {
    listen 127.0.0.1:${STATIC_PORT};
    root ${root};
    index index.php;
    # A page-cache plugin's files (index.html, .br, .gz) served by nginx; anything else goes to WordPress.
    brotli_static on;
    gzip_static on;
    location / {
      root ${staticRoot};
      try_files $uri/index.html @wordpress;
    }
    location @wordpress { try_files $uri $uri/ /index.php?$args; }
    location ~ \\.php$ { ${php} }
    ${assets}
  }
}
`,
  );
  for (const d of ["nginx-cache", "nginx-body", "nginx-fastcgi"])
    mkdirSync(join(dir, d), { recursive: true });
  return daemon("nginx", NGINX, ["-c", join(dir, "nginx.conf"), "-p", dir, "-g", "daemon off;"], "SIGQUIT");
}

/** WordPress's pages written as a page cache: index.html with .br (quality 11) and .gz (level 9) beside it. */
async function writePageCache(origin: string, host: string, paths: string[], staticRoot: string) {
  for (const path of paths) {
    // Asked with the cache's own host, so the page links to the cache's port.
    const page = await rawGet(origin + path, { host });
    if (page.status !== 200) throw new Error(`WordPress ${path}: ${page.status}`);
    const target = join(staticRoot, path, "index.html");
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, page.body);
    writeFileSync(
      `${target}.br`,
      brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${target}.gz`, gzipSync(page.body, { level: 9 }));
  }
}

// ----------------------------------------------------------------------------------------------- measures

/** JavaScript's source types; JSON, import maps and speculation rules are not run as scripts. */
const RUNS_AS_SCRIPT = ["", "text/javascript", "application/javascript", "module"];

/** Gzip -9 of every script the page ran in Chromium (each file, and each inline script), and how many. */
async function scriptBytes(urls: Record<PageName, string>) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const result = {} as NonNullable<Column["js"]>;
    for (const page of PAGE_NAMES) {
      const context = await browser.newContext({ userAgent: BROWSER_AGENT });
      const tab = await context.newPage();
      const scripts = new Map<string, Promise<Buffer>>();
      tab.on("response", (response) => {
        if (response.request().resourceType() === "script" && !scripts.has(response.url()))
          scripts.set(
            response.url(),
            response.body().catch(() => Buffer.alloc(0)),
          );
      });
      await tab.goto(urls[page], { waitUntil: "networkidle" });
      const inline = await tab.$$eval(
        "script:not([src])",
        (nodes, types) =>
          nodes
            .filter((n) => types.includes((n.getAttribute("type") ?? "").trim().toLowerCase()))
            .map((n) => n.textContent ?? ""),
        RUNS_AS_SCRIPT,
      );
      const bodies = [...(await Promise.all(scripts.values())), ...inline.map((text) => Buffer.from(text))];
      result[page] = {
        bytes: bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
        files: scripts.size,
        inline: inline.length,
      };
      await context.close();
    }
    return result;
  } finally {
    await browser.close();
  }
}

async function lighthouse(urls: Record<PageName, string>) {
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  try {
    const result = {} as Record<PageName, Lighthouse>;
    for (const page of PAGE_NAMES) {
      const runs: Lighthouse[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await audit(urls[page], chrome.port));
      result[page] = {
        performance: median(runs.map((r) => r.performance)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
      };
    }
    return result;
  } finally {
    await chrome.kill();
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

async function main() {
  ensurePackages();
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), "bench-wordpress-"));
  chmodSync(dir, 0o755);
  const daemons: Daemon[] = [];
  let ours: RunningServer | undefined;
  const teardown = async () => {
    stopping = true;
    for (const d of daemons.reverse()) await stopDaemon(d);
    await ours?.stop();
    if (process.env.BENCH_KEEP) console.log(`Kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };
  const interrupted = () => void teardown().finally(() => process.exit(130));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);

  try {
    console.log(`Load average at start: ${load()} (${dir})`);
    ours = await startServer({ port: OURS_PORT, dataDir: join(dir, "ours-data") });
    const posts = await readOurPosts(ours.url);
    if (posts.length === 0) throw new Error("our server has no blog post to copy");
    const ourList = (await (await fetch(`${ours.url}/api/blog_details/`)).json()) as { id: number }[];
    // The post's canonical address: /blog/<id> redirects to /blog/<id>-<slug>.
    const ourPost = new URL((await fetch(`${ours.url}/blog/${ourList[0]!.id}`)).url).pathname;
    const ourPaths: Record<PageName, string> = { home: "/", "blog list": "/blog", post: ourPost };

    const db = await startMariaDb(dir);
    daemons.push(db.daemon);
    const root = prepareWordPress(dir, db.socket);
    installWordPress(root, dir, posts);
    const fpm = startPhpFpm(dir);
    daemons.push(fpm.daemon);
    await waitUntil("php-fpm", () => existsSync(fpm.socket));
    const staticRoot = join(dir, "page-cache");
    mkdirSync(staticRoot);
    daemons.push(startNginx(dir, root, fpm.socket, staticRoot));
    const plain = `http://127.0.0.1:${PLAIN_PORT}`;
    await waitUntil("nginx", async () => (await rawGet(`${plain}/wrk-ceiling`)).status === 200);

    // The newest post, as on ours; its address is its slug.
    const newest = posts.at(-1)!.heading;
    const wpPosts = (await (await fetch(`${plain}/wp-json/wp/v2/posts?per_page=1`)).json()) as {
      link: string;
      title: { rendered: string };
    }[];
    if (!wpPosts[0]) throw new Error("WordPress lists no post");
    const wpPaths: Record<PageName, string> = {
      home: "/",
      "blog list": "/blog/",
      post: new URL(wpPosts[0].link).pathname,
    };
    console.log(`Copied ${posts.length} posts; newest "${newest}" at ${wpPaths.post} (ours ${ourPost})`);
    await writePageCache(plain, `127.0.0.1:${STATIC_PORT}`, Object.values(wpPaths), staticRoot);

    const servers = [
      { name: "ours", origin: ours.url, paths: ourPaths },
      { name: "WordPress, no cache", origin: plain, paths: wpPaths },
      { name: "WordPress + nginx fastcgi_cache", origin: `http://127.0.0.1:${FASTCGI_PORT}`, paths: wpPaths },
      {
        name: "WordPress + precompressed page cache",
        origin: `http://127.0.0.1:${STATIC_PORT}`,
        paths: wpPaths,
      },
    ];
    const urls = (s: (typeof servers)[number]) =>
      Object.fromEntries(PAGE_NAMES.map((p) => [p, s.origin + s.paths[p]])) as Record<PageName, string>;

    // Each server answers a browser with 200 and an HTML page; the fastcgi cache is hit once warm.
    for (const s of servers)
      for (const page of PAGE_NAMES) {
        for (let i = 0; i < 2; i++) await rawGet(urls(s)[page], browserHeaders);
        const answer = await rawGet(urls(s)[page], browserHeaders);
        if (answer.status !== 200 || !answer.headers["content-type"]?.startsWith("text/html"))
          throw new Error(`${s.name} ${page}: ${answer.status} ${answer.headers["content-type"]}`);
        if (s.origin.endsWith(`:${FASTCGI_PORT}`) && answer.headers["x-cache"] !== "HIT")
          throw new Error(`fastcgi_cache did not hit on ${page}: ${answer.headers["x-cache"]}`);
        if (s.origin.endsWith(`:${STATIC_PORT}`) && answer.headers["content-encoding"] !== "br")
          throw new Error(`the page cache did not send brotli on ${page}`);
      }

    console.log(`\nwrk -t1 -c32 -d${SECONDS}s, ${ROUNDS} rounds (servers interleaved in each round):`);
    const rounds = new Map<string, WrkResult[]>();
    const ceilings: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const s of servers)
        for (const page of PAGE_NAMES) {
          if (round === 1) wrk(urls(s)[page], 1); // warm-up: JIT, opcache, the first compression
          const result = wrk(urls(s)[page]);
          const key = `${s.name}|${page}`;
          rounds.set(key, [...(rounds.get(key) ?? []), result]);
          console.log(
            `  round ${round} ${s.name} ${page}: ${Math.round(result.rps)} req/s, p99 ${result.p99Ms} ms`,
          );
        }
      const ceiling = wrk(`${plain}/wrk-ceiling`);
      ceilings.push(ceiling.rps);
      console.log(`  round ${round} nginx static (client ceiling): ${Math.round(ceiling.rps)} req/s`);
    }

    console.log("\nBytes (Chromium) and Lighthouse...");
    const columns: Column[] = servers.map((s) => ({
      name: s.name,
      load: Object.fromEntries(
        PAGE_NAMES.map((p) => [p, medianOfRounds(rounds.get(`${s.name}|${p}`)!)]),
      ) as Record<PageName, WrkResult>,
    }));
    for (const [i, s] of servers.entries()) {
      const column = columns[i]!;
      const sent = {} as NonNullable<Column["htmlSent"]>;
      const html = {} as NonNullable<Column["htmlBrotli"]>;
      for (const page of PAGE_NAMES) {
        const answer = await rawGet(urls(s)[page], browserHeaders);
        sent[page] = { bytes: answer.body.length, encoding: answer.headers["content-encoding"] ?? "none" };
        const identity = await rawGet(urls(s)[page], { "user-agent": BROWSER_AGENT });
        html[page] = brotli(identity.body);
      }
      column.htmlSent = sent;
      // The three WordPress setups send the same page; its brotli size, scripts and Lighthouse are measured once.
      if (i > 1) continue;
      column.htmlBrotli = html;
      column.js = await scriptBytes(urls(s));
    }
    if (!process.env.BENCH_SKIP_LIGHTHOUSE) {
      columns[0]!.lighthouse = await lighthouse(urls(servers[0]!));
      // WordPress as usually run (page cache): its server time is not what Lighthouse should be judging.
      columns[2]!.lighthouse = await lighthouse(urls(servers[2]!));
    }

    const ceiling = median(ceilings);
    // nginx handing out files is measured as close to the ceiling as this client gets; the others must be far below it.
    const best = Math.max(...columns.slice(0, 3).flatMap((c) => PAGE_NAMES.map((p) => c.load[p].rps)));
    const cacheBest = Math.max(...PAGE_NAMES.map((p) => columns[3]!.load[p].rps));
    const failures = columns.flatMap((c) =>
      PAGE_NAMES.filter((p) => c.load[p].non2xx + c.load[p].errors > 0).map(
        (p) => `${c.name} ${p}: ${c.load[p].non2xx} non-2xx, ${c.load[p].errors} socket errors`,
      ),
    );
    console.log(`\n${renderTable(columns)}\n`);
    console.log(
      `Client ceiling: wrk against nginx's smallest static answer ${Math.round(ceiling).toLocaleString("en-US")} req/s, ` +
        `${(ceiling / best).toFixed(1)}x the best of ours and WordPress through PHP, ` +
        `${(ceiling / cacheBest).toFixed(1)}x the best of nginx's page cache.`,
    );
    if (ceiling < CLIENT_HEADROOM * best)
      failures.push(
        `the client ceiling is under ${CLIENT_HEADROOM}x ours and WordPress through PHP: wrk may have been the limit`,
      );
    console.log(`Load average at end: ${load()}`);
    const resultsDir = resolve("bench-results");
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      join(resultsDir, "bench-wordpress.json"),
      JSON.stringify(
        { at: new Date().toISOString(), seconds: SECONDS, rounds: ROUNDS, ceiling, columns },
        null,
        2,
      ),
    );
    if (failures.length > 0) {
      console.log(`\nNot a clean run:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
      process.exitCode = 1;
    }
  } finally {
    await teardown();
  }
}

await main();
