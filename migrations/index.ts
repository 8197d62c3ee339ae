import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_upload_pipeline.ts';
import * as m0003 from './0003_real_meets.ts';
import * as m0004 from './0004_timing_room.ts';
import * as m0005 from './0005_outbox.ts';
import * as m0006 from './0006_upload_file_index.ts';
import * as m0007 from './0007_follow_and_push.ts';
import * as m0008 from './0008_event_versions.ts';
import * as m0009 from './0009_meet_day.ts';
import * as m0010 from './0010_agent_send_held.ts';
import * as m0011 from './0011_push_subscription_limits.ts';
import * as m0012 from './0012_field_card.ts';
import * as m0013 from './0013_rounds_and_scores.ts';
import * as m0014 from './0014_athletes_and_bests.ts';
import * as m0015 from './0015_exchange.ts';

/**
 * Every migration, by file name. Imported statically (not read from disk at run time) so
 * that they load the same under tsx, vitest and a bundler; a test checks that each
 * numbered file in this folder is listed.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_upload_pipeline': m0002,
  '0003_real_meets': m0003,
  '0004_timing_room': m0004,
  '0005_outbox': m0005,
  '0006_upload_file_index': m0006,
  '0007_follow_and_push': m0007,
  '0008_event_versions': m0008,
  '0009_meet_day': m0009,
  '0010_agent_send_held': m0010,
  '0011_push_subscription_limits': m0011,
  '0012_field_card': m0012,
  '0013_rounds_and_scores': m0013,
  '0014_athletes_and_bests': m0014,
  '0015_exchange': m0015,
};
