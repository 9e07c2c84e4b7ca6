-- The throttle counts attempts per username, per client address and overall in one locked statement, and
-- purges by age: each of those scans needs its own index (the first one only served username + address).
CREATE INDEX login_failures_username_idx ON login_failures (username, failed_at);
CREATE INDEX login_failures_client_ip_idx ON login_failures (client_ip, failed_at);
CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at);
