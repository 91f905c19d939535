// Uploaded files behind one small interface (like the mailer): a local directory
// under DATA_DIR/uploads by default. An object store (S3, R2, GCS) fits the same
// two methods. Keys are chosen by the app, never by the uploader.
import fs from 'node:fs/promises'
import path from 'node:path'
import { getEnv } from '~/env.server.ts'

export interface FileStorage {
	put(key: string, bytes: Buffer): Promise<void>
	/** the bytes, or null when nothing is stored under `key` */
	get(key: string): Promise<Buffer | null>
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-z0-9]+\.[a-z0-9]+$/

function assertKey(key: string) {
	if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`)
}

export class LocalDirectoryStorage implements FileStorage {
	constructor(private root: string) {}

	async put(key: string, bytes: Buffer) {
		assertKey(key)
		const file = path.join(this.root, key)
		await fs.mkdir(path.dirname(file), { recursive: true })
		// written then renamed: a reader never sees half a file
		const tmp = `${file}.${process.pid}.tmp`
		await fs.writeFile(tmp, bytes)
		await fs.rename(tmp, file)
	}

	async get(key: string) {
		assertKey(key)
		try {
			return await fs.readFile(path.join(this.root, key))
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
			throw error
		}
	}
}

let storage: FileStorage | undefined
export function getStorage(): FileStorage {
	storage ??= new LocalDirectoryStorage(path.resolve(getEnv().DATA_DIR, 'uploads'))
	return storage
}
