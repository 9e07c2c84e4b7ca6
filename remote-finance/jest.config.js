const { createJestConfig } = require('../platform/build/jest.config.base.cjs');

// Dates are the user's calendar days: run in a zone 14 hours ahead of UTC, where the local day and the UTC
// day differ for most of each day, so a date taken from toISOString() cannot pass unnoticed.
process.env.TZ = 'Pacific/Kiritimati';

module.exports = createJestConfig(__dirname);
