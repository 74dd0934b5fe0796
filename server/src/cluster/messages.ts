/**
 * Set in the environment of the workers the primary forks. A cluster worker without it belongs to another process
 * manager (PM2's cluster mode forks node:cluster workers too): it runs as one whole process, renderer included.
 */
export const WORKER_ENV = 'CV_BUILDER_CLUSTER_WORKER';

/** The primary asks a worker to stop accepting, finish its requests in flight and exit. */
export const SHUTDOWN_MESSAGE = 'cvb:shutdown';

/**
 * After SIGTERM a worker has this long for its requests in flight (then exits 1); the primary then closes Chromium
 * (at most ~2 s) and the whole server is gone within PRIMARY_SHUTDOWN_DEADLINE_MS, under the 10 s an orchestrator
 * commonly allows before its kill.
 */
export const WORKER_SHUTDOWN_GRACE_MS = 7_000;
export const PRIMARY_SHUTDOWN_DEADLINE_MS = 9_500;
