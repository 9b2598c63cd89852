import path from 'node:path';
import type { Config } from '../../config.ts';
import { createDiskDriver } from './disk-driver.ts';
import { createS3Driver } from './s3-driver.ts';
import type { StorageDriver } from './types.ts';

export type ClosableDriver = StorageDriver & { close(): Promise<void> };

/** S3 when a bucket is configured, else local disk under DATA_DIR/storage. */
export function createStorageDriver(config: Pick<Config, 's3' | 'dataDir'>): ClosableDriver {
  return config.s3 ? createS3Driver(config.s3) : createDiskDriver(path.join(config.dataDir, 'storage'));
}
