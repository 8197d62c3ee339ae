import type { FieldDiscipline, FileType, TrackDiscipline } from '../../../shared/domain.ts';

/** How the admin names the file types; LYNX_MEET_MANAGMENT is the wire spelling. */
export const fileTypeLabels: Record<FileType, string> = {
  NONE: 'None',
  MANUAL: 'Manual',
  LYNX_MEET_MANAGMENT: 'Lynx Meet Management',
};

/** Track disciplines by their distance: '100 m', or '5K' for the long ones. */
export const trackDisciplineLabels: Record<TrackDiscipline, string> = {
  FIFTYFIVE_METER: '55 m',
  SIXTY_METER: '60 m',
  ONE_HUNDRED_METER: '100 m',
  ONE_TEN_METER: '110 m',
  TWO_HUNDRED_METER: '200 m',
  THREE_HUNDRED_METER: '300 m',
  FOUR_HUNDRED_METER: '400 m',
  EIGHT_HUNDRED_METER: '800 m',
  FIFTEEN_HUNDRED_METER: '1500 m',
  SIXTEEN_HUNDRED_METER: '1600 m',
  THREE_K: '3K',
  THREE_THOUSAND_TWO_HUNDRED_METER: '3200 m',
  FIVE_K: '5K',
  TEN_K: '10K',
  CUSTOM: 'Custom',
};

export const fieldDisciplineLabels: Record<FieldDiscipline, string> = {
  TRACK: 'Track',
  HIGH_JUMP: 'High Jump',
  POLE_VAULT: 'Pole Vault',
  LONG_JUMP: 'Long Jump',
  TRIPLE_JUMP: 'Triple Jump',
  DISCUS_THROW: 'Discus Throw',
  HAMMER_THROW: 'Hammer Throw',
  JAVELIN_THROW: 'Javelin Throw',
  SHOT_PUT: 'Shot Put',
  WEIGHT_THROW: 'Weight Throw',
  DECATHLON: 'Decathlon',
  HEPTATHLON: 'Heptathlon',
  OUTDOOR_PENTATHLON: 'Outdoor Pentathlon',
  INDOOR_PENTATHLON: 'Indoor Pentathlon',
  WEIGHT_PENTATHLON: 'Weight Pentathlon',
  CROSS_COUNTRY: 'Cross Country',
  CUSTOM: 'Custom',
};

export const visibilityLabel = (visible: boolean) => (visible ? 'Public' : 'Hidden');
export const liveNowLabel = (live: boolean) => (live ? 'Live Now' : 'Not Live');
