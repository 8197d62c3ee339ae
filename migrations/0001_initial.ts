import { sql, type Kysely } from 'kysely';

// Enum values are the wire values of shared/schemas/enums.ts; a later value is added with
// ALTER TYPE ... ADD VALUE in a new migration.
const enums: Record<string, readonly string[]> = {
  round: ['prelims', 'heats', 'quarters', 'semis', 'finals', 'unknown'],
  event_status: ['upcoming', 'unofficial', 'official', 'scratched', 'imported'],
  event_type: ['ATHLETICS', 'JUMP'],
  file_type: ['NONE', 'MANUAL', 'LYNX_MEET_MANAGMENT'],
  track_discipline: [
    'FIFTYFIVE_METER',
    'SIXTY_METER',
    'ONE_HUNDRED_METER',
    'ONE_TEN_METER',
    'TWO_HUNDRED_METER',
    'THREE_HUNDRED_METER',
    'FOUR_HUNDRED_METER',
    'EIGHT_HUNDRED_METER',
    'FIFTEEN_HUNDRED_METER',
    'SIXTEEN_HUNDRED_METER',
    'THREE_K',
    'THREE_THOUSAND_TWO_HUNDRED_METER',
    'FIVE_K',
    'TEN_K',
    'CUSTOM',
  ],
  field_discipline: [
    'TRACK',
    'HIGH_JUMP',
    'POLE_VAULT',
    'LONG_JUMP',
    'TRIPLE_JUMP',
    'DISCUS_THROW',
    'HAMMER_THROW',
    'JAVELIN_THROW',
    'SHOT_PUT',
    'WEIGHT_THROW',
    'DECATHLON',
    'HEPTATHLON',
    'OUTDOOR_PENTATHLON',
    'INDOOR_PENTATHLON',
    'WEIGHT_PENTATHLON',
    'CROSS_COUNTRY',
    'CUSTOM',
  ],
  feature_alias: ['timetable', 'wind_speed', 'head_on_camera_image', 'limited_to_3_competitions'],
  upload_kind: ['results', 'start_list', 'timetable', 'lynx_batch'],
  upload_status: ['queued', 'parsing', 'published', 'failed'],
  token_kind: ['email_verification', 'password_reset'],
  gender: ['male', 'female', 'other'],
};

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, values] of Object.entries(enums)) {
    await db.schema.createType(name).asEnum(values).execute();
  }

  await db.schema
    .createTable('packages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('price', 'text', (c) => c.notNull())
    .addColumn('price_note', 'text')
    .addColumn('highlight', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('commitment_months', 'integer')
    .addColumn('competition_limit', 'integer', (c) => c.check(sql`competition_limit > 0`))
    .addColumn('adverts_text', 'text')
    .addColumn('renewal_text', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('package_features')
    .addColumn('package_id', 'integer', (c) =>
      c.notNull().references('packages.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('alias', sql`feature_alias`)
    .addColumn('included', 'boolean', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('package_features_pk', ['package_id', 'name'])
    .addUniqueConstraint('package_features_alias_unique', ['package_id', 'alias'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('clubs')
    .addColumn('uic', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('url_name', 'text', (c) =>
      c.unique().check(sql`url_name ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    )
    .addColumn('club_name', 'text', (c) => c.notNull().check(sql`length(trim(club_name)) > 0`))
    .addColumn('visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('email', 'text')
    .addColumn('image_link', 'text')
    .addColumn('package_id', 'integer', (c) => c.references('packages.id'))
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('country', 'text')
    .addColumn('country_code', 'text')
    .addColumn('phone', 'text')
    .addColumn('manager_name', 'text')
    .addColumn('facebook', 'text')
    .addColumn('hardware', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('other_hardware', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('username', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('users_email_unique', ['email'])
    .execute();

  await db.schema
    .createTable('club_members')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('club_uic', 'integer', (c) =>
      c.notNull().references('clubs.uic').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('club_members_pk', ['user_id', 'club_uic'])
    .execute();
  await db.schema
    .createIndex('club_members_club_idx')
    .on('club_members')
    .column('club_uic')
    .execute();

  await db.schema
    .createTable('competitions')
    .addColumn('uic', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('club_uic', 'integer', (c) =>
      c.notNull().references('clubs.uic').onDelete('cascade'),
    )
    .addColumn('competition_name', 'text', (c) =>
      c.notNull().check(sql`length(trim(competition_name)) > 0`),
    )
    .addColumn('url_name', 'text', (c) => c.check(sql`url_name ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`))
    .addColumn('visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('image_link', 'text')
    .addColumn('image_file_id', 'uuid', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('live_now', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('location', 'text')
    .addColumn('date', 'date')
    .addColumn('start_time', 'text')
    .addColumn('close_time', 'text')
    .addColumn('description', 'text')
    .addColumn('map_link', 'text')
    .addColumn('facebook', 'text')
    .addColumn('timed_by', 'text')
    .addColumn('timed_by_link', 'text')
    .addColumn('time_table_type', sql`file_type`, (c) => c.notNull().defaultTo('NONE'))
    .addColumn('time_table_file_name', 'text')
    .addColumn('time_table_file', 'jsonb')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('competitions_club_url_name_unique', ['club_uic', 'url_name'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('competition_uic', 'integer', (c) =>
      c.notNull().references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('event_name', 'text', (c) => c.notNull().check(sql`length(trim(event_name)) > 0`))
    .addColumn('time', 'text')
    .addColumn('round', sql`round`, (c) => c.notNull().defaultTo('unknown'))
    .addColumn('status', sql`event_status`, (c) => c.notNull().defaultTo('upcoming'))
    .addColumn('visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('auto_created_from_timetable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('event_type', sql`event_type`, (c) => c.notNull())
    .addColumn('track_discipline', sql`track_discipline`)
    .addColumn('field_discipline', sql`field_discipline`)
    .addColumn('wind_speed', 'text')
    .addColumn('results_file_name', 'text')
    .addColumn('results_file_type', sql`file_type`, (c) => c.notNull().defaultTo('NONE'))
    .addColumn('results', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('start_list_file_name', 'text')
    .addColumn('start_list_type', sql`file_type`, (c) => c.notNull().defaultTo('NONE'))
    .addColumn('start_list_file', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('pdf_file_id', 'uuid', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('pdf_link', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('events_results_array', sql`jsonb_typeof(results) = 'array'`)
    .addCheckConstraint('events_start_list_array', sql`jsonb_typeof(start_list_file) = 'array'`)
    .execute();
  await db.schema
    .createIndex('events_competition_idx')
    .on('events')
    .column('competition_uic')
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('club_uic', 'integer', (c) =>
      c.notNull().references('clubs.uic').onDelete('cascade'),
    )
    .addColumn('competition_uic', 'integer', (c) =>
      c.references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('event_id', 'uuid', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('kind', sql`upload_kind`, (c) => c.notNull())
    .addColumn('file_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('status', sql`upload_status`, (c) => c.notNull().defaultTo('queued'))
    .addColumn('message', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('uploads_status_idx').on('uploads').column('status').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', sql`token_kind`, (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('competition_uic', 'integer', (c) =>
      c.references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('package_id', 'integer', (c) => c.references('packages.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('competition_uic', 'integer', (c) =>
      c.notNull().references('competitions.uic').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('gender', sql`gender`)
    .addColumn('dob', 'date')
    .addColumn('personal_info', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('registrations_competition_email_unique', ['competition_uic', 'email'])
    .execute();

  await db.schema
    .createTable('waiting_list')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('email', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`email = lower(email)`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('outbox_emails')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('sent_at', 'timestamptz')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
