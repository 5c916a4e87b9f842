import type { imageCalls } from '@leadmesh/schema';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import { fileStoreFor } from './image-store.ts';
import * as service from './images.service.ts';

type Calls = typeof imageCalls;

export const uploadImage: CallHandler<Calls['uploadImage']> = async (input, ctx) =>
  service.uploadImage(ctx.db, fileStoreFor(ctx.deps.env), requireCaller(ctx), input);

export const deleteImageByFilename: CallHandler<Calls['deleteImageByFilename']> = async (input, ctx) => {
  await service.deleteImage(ctx.db, fileStoreFor(ctx.deps.env), requireCaller(ctx), input);
  return null;
};
