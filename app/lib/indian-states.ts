// India's states and union territories with their GST state codes (the first two digits of a GSTIN), for the place
// of supply on a tax invoice: the checkout's `state` field, the learner's profile and BUSINESS_STATE all hold the
// code. `utgst`: a union territory without a legislature, where the state half of an intra-state tax is UTGST, not
// SGST (the same amount, another name on the invoice).

export type IndianState = { code: string; name: string; utgst?: true }

/** Sorted by name, as the select lists them. */
export const INDIAN_STATES: readonly IndianState[] = [
  { code: '35', name: 'Andaman and Nicobar Islands', utgst: true },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '18', name: 'Assam' },
  { code: '10', name: 'Bihar' },
  { code: '04', name: 'Chandigarh', utgst: true },
  { code: '22', name: 'Chhattisgarh' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', utgst: true },
  { code: '07', name: 'Delhi' },
  { code: '30', name: 'Goa' },
  { code: '24', name: 'Gujarat' },
  { code: '06', name: 'Haryana' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '20', name: 'Jharkhand' },
  { code: '29', name: 'Karnataka' },
  { code: '32', name: 'Kerala' },
  { code: '38', name: 'Ladakh', utgst: true },
  { code: '31', name: 'Lakshadweep', utgst: true },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '27', name: 'Maharashtra' },
  { code: '14', name: 'Manipur' },
  { code: '17', name: 'Meghalaya' },
  { code: '15', name: 'Mizoram' },
  { code: '13', name: 'Nagaland' },
  { code: '21', name: 'Odisha' },
  { code: '34', name: 'Puducherry' },
  { code: '03', name: 'Punjab' },
  { code: '08', name: 'Rajasthan' },
  { code: '11', name: 'Sikkim' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '36', name: 'Telangana' },
  { code: '16', name: 'Tripura' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '19', name: 'West Bengal' },
]

const byCode = new Map(INDIAN_STATES.map((s) => [s.code, s]))

export const stateByCode = (code: string | null | undefined): IndianState | undefined =>
  code ? byCode.get(code) : undefined

/** A state named by its code ('19') or its name in any case ('west bengal'); undefined when neither. */
export function findState(text: string): IndianState | undefined {
  const t = text.trim()
  return byCode.get(t.padStart(2, '0')) ?? INDIAN_STATES.find((s) => s.name.toLowerCase() === t.toLowerCase())
}

/** 'West Bengal (19)', as an invoice names the place of supply. */
export const stateLabel = (code: string | null | undefined) => {
  const state = stateByCode(code)
  return state ? `${state.name} (${state.code})` : ''
}
