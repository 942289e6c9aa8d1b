import { expect, test } from 'vitest'
import { countText, rankText } from './live-rank'

test('ranks read with India thousands separators', () => {
  expect(rankText(37, 2145)).toBe('37 of 2,145')
  expect(countText(102345)).toBe('1,02,345')
})
