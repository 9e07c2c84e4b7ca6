import { describeUpgrade, type UpgradeReport } from '../../src/db/upgrade';

/** The start's lines for the cases the upgrade test on one database does not reach (issue 25, item 6). */
const none: UpgradeReport = { migrations: [], upgraded: true, backup: null, moved: null, kept: null };
const two = [
  { version: 30, name: 'nominated_officer' },
  { version: 31, name: 'risk' },
];

describe('what a start says about its upgrade', () => {
  it('says nothing when it did nothing', () => {
    expect(describeUpgrade(none)).toEqual([]);
    expect(
      describeUpgrade({
        ...none,
        moved: { count: 0, bytes: 0, from: '/u' },
        kept: { count: 0, bytes: 0, dir: '/u' },
      }),
    ).toEqual([]);
  });

  it('names a new database’s schema in one line, with no backup advice', () => {
    expect(
      describeUpgrade({
        ...none,
        upgraded: false,
        migrations: [{ version: 1, name: 'users_shops_memberships' }, ...two],
      }),
    ).toEqual([
      'New database: created the schema with 3 migrations (001_users_shops_memberships to 031_risk)',
    ]);
  });

  it('says that no backup was taken with BACKUP_DIR=off, and how to take one', () => {
    expect(describeUpgrade({ ...none, migrations: two, backup: { none: 'backup-dir-off' } })).toEqual([
      'Upgrade: ran 2 migrations: 030_nominated_officer, 031_risk',
      'Upgrade: no backup was taken before these migrations (BACKUP_DIR=off). Before the next upgrade, stop the server and take one with npm run backup.',
    ]);
  });

  it('on PostgreSQL, that none was taken, where a way back comes from, and the commands', () => {
    const [, advice] = describeUpgrade({ ...none, migrations: two, backup: { none: 'postgres' } });
    expect(advice).toBe(
      'Upgrade: no backup was taken before these migrations (Loupe does not copy a PostgreSQL database by itself). ' +
        'Going back to the previous release needs a copy from before the upgrade: restore your own pg_dump or ' +
        'snapshot. Before the next upgrade, stop the server and take one with npm run backup (pg_dump of this ' +
        'schema) or pg_dump --format=custom.',
    );
  });

  it('counts one file in the singular', () => {
    expect(
      describeUpgrade({
        ...none,
        moved: { count: 1, bytes: 512, from: '/srv/uploads' },
        kept: { count: 1, bytes: 512, dir: '/srv/uploads' },
      }),
    ).toEqual([
      'Upgrade: moved 1 uploaded file (512 bytes) from /srv/uploads into the database (encrypted)',
      'Upgrade: 1 file (512 bytes) the database now holds is still kept in /srv/uploads, so the previous release ' +
        'can be restored with every file; once this release is confirmed, stop the server and run npm run ' +
        'upgrade:confirm to remove it',
    ]);
  });
});
