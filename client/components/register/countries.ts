/**
 * The countries offered in the registration forms, with their international dialling codes.
 * Ireland is the default. Ireland and the United Kingdom come first since
 * most clubs are there; the rest follow alphabetically.
 */
export const DEFAULT_COUNTRY = 'Ireland';

export const countries: readonly { name: string; code: string }[] = [
  { name: 'Ireland', code: '+353' },
  { name: 'United Kingdom', code: '+44' },
  { name: 'Australia', code: '+61' },
  { name: 'Austria', code: '+43' },
  { name: 'Belgium', code: '+32' },
  { name: 'Brazil', code: '+55' },
  { name: 'Bulgaria', code: '+359' },
  { name: 'Canada', code: '+1' },
  { name: 'China', code: '+86' },
  { name: 'Croatia', code: '+385' },
  { name: 'Cyprus', code: '+357' },
  { name: 'Czechia', code: '+420' },
  { name: 'Denmark', code: '+45' },
  { name: 'Estonia', code: '+372' },
  { name: 'Ethiopia', code: '+251' },
  { name: 'Finland', code: '+358' },
  { name: 'France', code: '+33' },
  { name: 'Germany', code: '+49' },
  { name: 'Ghana', code: '+233' },
  { name: 'Greece', code: '+30' },
  { name: 'Hungary', code: '+36' },
  { name: 'Iceland', code: '+354' },
  { name: 'India', code: '+91' },
  { name: 'Italy', code: '+39' },
  { name: 'Jamaica', code: '+1' },
  { name: 'Japan', code: '+81' },
  { name: 'Kenya', code: '+254' },
  { name: 'Latvia', code: '+371' },
  { name: 'Lithuania', code: '+370' },
  { name: 'Luxembourg', code: '+352' },
  { name: 'Malta', code: '+356' },
  { name: 'Netherlands', code: '+31' },
  { name: 'New Zealand', code: '+64' },
  { name: 'Nigeria', code: '+234' },
  { name: 'Norway', code: '+47' },
  { name: 'Poland', code: '+48' },
  { name: 'Portugal', code: '+351' },
  { name: 'Romania', code: '+40' },
  { name: 'Slovakia', code: '+421' },
  { name: 'Slovenia', code: '+386' },
  { name: 'South Africa', code: '+27' },
  { name: 'Spain', code: '+34' },
  { name: 'Sweden', code: '+46' },
  { name: 'Switzerland', code: '+41' },
  { name: 'Ukraine', code: '+380' },
  { name: 'United States', code: '+1' },
];

export const DEFAULT_COUNTRY_CODE = '+353';

/** The dialling code of a listed country; '' for any other, so the user types it. */
export function dialCodeOf(country: string): string {
  return countries.find((c) => c.name === country)?.code ?? '';
}
