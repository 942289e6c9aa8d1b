// The migration list, imported statically so the same code runs under Vite (the server build), Vitest and tsx
// (scripts). Add each new file in migrations/ here; db/migrations.test.ts fails when one is missing.
import type { Migration } from 'kysely'
import * as m0001 from '../migrations/0001_create_core_tables.ts'
import * as m0003 from '../migrations/0003_create_coupon_selections.ts'
import * as m0004 from '../migrations/0004_add_open_attempts_index.ts'
import * as m0005 from '../migrations/0005_security_review.ts'
import * as m0006 from '../migrations/0006_postgresql_types.ts'
import * as m0007 from '../migrations/0007_exam_grade_tests.ts'
import * as m0008 from '../migrations/0008_quiz_score_counts.ts'
import * as m0009 from '../migrations/0009_content_version.ts'
import * as m0010 from '../migrations/0010_course_management.ts'
import * as m0011 from '../migrations/0011_access_periods.ts'
import * as m0012 from '../migrations/0012_live_classes.ts'
import * as m0013 from '../migrations/0013_question_markup.ts'
import * as m0014 from '../migrations/0014_quiz_images.ts'
import * as m0015 from '../migrations/0015_learning_loop.ts'
import * as m0016 from '../migrations/0016_receipts_refunds.ts'
import * as m0017 from '../migrations/0017_access_rules.ts'
import * as m0018 from '../migrations/0018_question_bank.ts'
import * as m0019 from '../migrations/0019_attempts_by_learner.ts'
import * as m0020 from '../migrations/0020_bank_indexes.ts'
import * as m0021 from '../migrations/0021_live_mocks.ts'
import * as m0022 from '../migrations/0022_score_count_shards.ts'
import * as m0023 from '../migrations/0023_lecture_videos.ts'
import * as m0024 from '../migrations/0024_doubts.ts'
import * as m0025 from '../migrations/0025_overrides_content_version.ts'
import * as m0026 from '../migrations/0026_video_upload_integrity.ts'

export const migrations: Record<string, Migration> = {
  '0001_create_core_tables': m0001,
  '0003_create_coupon_selections': m0003,
  '0004_add_open_attempts_index': m0004,
  '0005_security_review': m0005,
  '0006_postgresql_types': m0006,
  '0007_exam_grade_tests': m0007,
  '0008_quiz_score_counts': m0008,
  '0009_content_version': m0009,
  '0010_course_management': m0010,
  '0011_access_periods': m0011,
  '0012_live_classes': m0012,
  '0013_question_markup': m0013,
  '0014_quiz_images': m0014,
  '0015_learning_loop': m0015,
  '0016_receipts_refunds': m0016,
  '0017_access_rules': m0017,
  '0018_question_bank': m0018,
  '0019_attempts_by_learner': m0019,
  '0020_bank_indexes': m0020,
  '0021_live_mocks': m0021,
  '0022_score_count_shards': m0022,
  '0023_lecture_videos': m0023,
  '0024_doubts': m0024,
  '0025_overrides_content_version': m0025,
  '0026_video_upload_integrity': m0026,
}
