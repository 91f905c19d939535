import { expect, test } from 'vitest'
import { BULK_MAX_ROWS, BULK_NO_ADDRESS_COLUMN, BULK_NOT_CSV_OR_JSON, BULK_TOO_LARGE, BULK_TOO_MANY_ROWS, readAddressList, ROW_NO_ADDRESS } from './bulk-import.ts'

const bytes = (text: string) => new TextEncoder().encode(text)
const read = (text: string, name = 'list.csv') => readAddressList(bytes(text), name)

test('address/city/state/zip columns are found by name, in any order and case', () => {
	const list = read('Zip,STATE,City,Street Address\n80202,CO,Denver,1200 Test Lawn Way\n78701,TX,Austin,\n')
	expect(list.hasHeader).toBe(true)
	expect(list.rows).toEqual([
		{ rowNumber: 1, address: '1200 Test Lawn Way, Denver, CO 80202', problem: null },
		{ rowNumber: 2, address: 'Austin, TX 78701', problem: ROW_NO_ADDRESS },
	])
})

test('a list without a header, one address per line, commas quoted or not', () => {
	const list = read('1200 Test Lawn Way, Denver, CO 80202\n"1100 Congress Ave, Austin, TX 78701"\n\n')
	expect(list.hasHeader).toBe(false)
	expect(list.rows.map((r) => r.address)).toEqual(['1200 Test Lawn Way, Denver, CO 80202', '1100 Congress Ave, Austin, TX 78701'])
	// an "address" header over unquoted commas: still one address per line
	expect(read('address\n1 Main St, Denver, CO 80202\n').rows[0]!.address).toBe('1 Main St, Denver, CO 80202')
})

test('JSON: strings or objects, bare or under "addresses"', () => {
	expect(read('["1 Main St, Denver, CO"]', 'a.json').rows[0]!.address).toBe('1 Main St, Denver, CO')
	expect(read('{"addresses":[{"address":"1 Main St","city":"Denver","state":"CO","zip":"80202"}]}', 'a.json').rows[0]!.address).toBe('1 Main St, Denver, CO 80202')
	expect(() => read('[{"name":"x"}]', 'a.json')).toThrow(BULK_NO_ADDRESS_COLUMN)
})

test('whole-file problems are named', () => {
	expect(() => read('name,phone\nAnn,555\n')).toThrow(BULK_NO_ADDRESS_COLUMN)
	expect(() => read('address\n1 Main St\n=cmd|calc\n')).toThrow('Row 2 has a cell starting with =, +, - or @')
	expect(() => read('address\n@SUM(1)\n')).toThrow('formula')
	expect(() => read('address\n' + '1 Main St\n'.repeat(BULK_MAX_ROWS + 1))).toThrow(BULK_TOO_MANY_ROWS)
	expect(() => readAddressList(new Uint8Array(2 * 1024 * 1024 + 1), 'big.csv')).toThrow(BULK_TOO_LARGE)
	expect(() => read('PK\u0003\u0004\u0000', 'list.xlsx')).toThrow(BULK_NOT_CSV_OR_JSON)
	expect(() => read('address\n1 Main St\n', 'photo.png')).toThrow(BULK_NOT_CSV_OR_JSON)
	expect(() => readAddressList(new Uint8Array([0xff, 0xfe, 0x00]), 'list.csv')).toThrow(BULK_NOT_CSV_OR_JSON)
})
