// Ink treats any CI variable as CI and then renders only the last frame; UI tests need real frames.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;
process.env.TZ = 'UTC';
