-- Only a SHA-256 of the session id is stored: a leaked table cannot be replayed as cookies.
CREATE TABLE sessions (
  key_hash char(64) PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_last_seen_idx ON sessions (last_seen_at);
