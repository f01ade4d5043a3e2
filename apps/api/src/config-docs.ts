/** One line per variable; the README table and .env.example are checked against this list. */
export const CONFIG_DOCS = {
  PORT: "HTTP port of the API process (default 3000).",
  HOST: "Interface to listen on (default 0.0.0.0).",
  PUBLIC_URL: "Public origin of the dashboard and API (default http://localhost:<PORT>).",
  DATA_DIR:
    "Folder for the embedded database, local files and generated secrets (default ./data, relative to the repository root).",
  DATABASE_URL:
    "PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR/db is used.",
  STORAGE_DIR: "Folder of the local file storage (default DATA_DIR/files).",
  S3_ENDPOINT: "S3-compatible endpoint URL (required when S3_BUCKET is set).",
  S3_REGION: "S3 region (required when S3_BUCKET is set).",
  S3_BUCKET: "S3 bucket; setting it switches file storage from the local folder to S3.",
  S3_ACCESS_KEY_ID: "S3 access key id (required when S3_BUCKET is set).",
  S3_SECRET_ACCESS_KEY: "S3 secret access key (required when S3_BUCKET is set).",
  S3_PUBLIC_URL:
    "Public base URL under which the bucket's objects are readable (required when S3_BUCKET is set).",
  S3_FORCE_PATH_STYLE: "Use path-style S3 URLs, needed by MinIO and similar stores (default false).",
  LOG_LEVEL: "Log level: fatal, error, warn, info, debug, trace or silent (default info).",
  TRUST_PROXY:
    "Trust X-Forwarded-* headers: true, false, a hop count or a comma list of proxy addresses (default false).",
  AUTH_SECRET:
    "Secret for signing sessions (32+ characters); generated once into DATA_DIR/auth-secret when unset.",
  ADMIN_EMAILS: "Comma-separated e-mail addresses that get the platform admin role.",
  AUTH_RATE_LIMIT:
    "Requests per minute per client address for sign-in, sign-up and password endpoints (default 5).",
  METRICS_TOKEN:
    "Bearer token that GET /metrics requires (16+ characters); when unset /metrics is open to anyone who can reach it.",
  UPLOAD_QUOTA_FILES:
    "Images a user who belongs to a team may upload per hour, every route counted together (default 2000).",
  UPLOAD_QUOTA_MB: "Megabytes of images a user who belongs to a team may upload per hour (default 2048).",
  UPLOAD_QUOTA_NO_TEAM_FILES:
    "Images a user who belongs to no team (avatar, covers) may upload per hour (default 30).",
  UPLOAD_QUOTA_NO_TEAM_MB:
    "Megabytes of images a user who belongs to no team may upload per hour (default 60).",
  SMTP_URL: "SMTP server URL (smtp:// or smtps://); when unset mail goes to the outbox and the log.",
  MAIL_FROM: "Sender address of outgoing mail.",
  OIDC_PROVIDERS:
    "JSON array of third-party OpenID Connect sign-in providers: [{id,label,issuer,clientId,clientSecret}].",
  TRUSTED_ISSUERS:
    "JSON array of extra ID-token issuers accepted by POST /api/users/auth: [{issuer,audience,jwksUrl?}].",
  FIREBASE_PROJECT_ID:
    "Firebase project whose ID tokens are accepted (issuer https://securetoken.google.com/<id>).",
  SITE_URL: "Base URL of the public reading site (links such as 'view on site').",
  MATURE_SITE_URL: "Base URL of the mature-content reading site.",
  STORAGE_SWEEP_GRACE_HOURS:
    "Stored files no row references are deleted by the storage.sweep job once older than this many hours (default 24).",
  STAGED_PAGES_TTL_DAYS:
    "Uploaded pages never saved into a chapter's page list are deleted once the chapter is untouched for this many days (default 7).",
  WEBHOOK_ALLOW_PRIVATE:
    "true lets team webhooks post to loopback, private, link-local and CGNAT addresses (self-hosted setups; default false).",
  TRUSTED_ORIGINS:
    "Comma-separated origins allowed to make state-changing calls (default the origin of PUBLIC_URL).",
} as const;

export type ConfigVariable = keyof typeof CONFIG_DOCS;
