import { type SecretBox, secretBoxFromEnv } from '@leadmesh/core';
import type { postbackCalls } from '@leadmesh/schema';
import type { Env } from '../../env.ts';
import { type CallHandler, requireCaller } from '../../lib/call.ts';
import { endpointLanes } from '../../lib/endpoint-lanes.ts';
import * as inspector from './inspector.service.ts';
import * as service from './postbacks.service.ts';
import { postbackUrlPolicy } from './url-policy.ts';

type Calls = typeof postbackCalls;

/** One box per process environment (the HKDF runs once). */
const boxes = new WeakMap<Env, SecretBox>();
export function boxFor(env: Env): SecretBox {
  let box = boxes.get(env);
  if (!box) {
    box = secretBoxFromEnv(env);
    boxes.set(env, box);
  }
  return box;
}

export const getAllPostbacks: CallHandler<Calls['getAllPostbacks']> = async (_input, ctx) =>
  service.listPostbacks(ctx.db, requireCaller(ctx), endpointLanes(ctx.deps));

export const enablePostback: CallHandler<Calls['enablePostback']> = async (input, ctx) =>
  service.enablePostback(ctx.db, requireCaller(ctx), input, endpointLanes(ctx.deps), ctx.deps.now());

export const addPostback: CallHandler<Calls['addPostback']> = async (input, ctx) =>
  service.addPostback(ctx.db, requireCaller(ctx), input, postbackUrlPolicy(ctx.deps.env));

export const editPostback: CallHandler<Calls['editPostback']> = async (input, ctx) =>
  service.editPostback(ctx.db, requireCaller(ctx), input, postbackUrlPolicy(ctx.deps.env));

export const deletePostback: CallHandler<Calls['deletePostback']> = async (input, ctx) =>
  service.deletePostback(ctx.db, requireCaller(ctx), input);

export const getDeliveries: CallHandler<Calls['getDeliveries']> = async (input, ctx) =>
  service.listDeliveries(ctx.db, requireCaller(ctx), input);

export const testPostback: CallHandler<Calls['testPostback']> = async (input, ctx) =>
  service.testPostback(ctx.db, requireCaller(ctx), input);

export const replayPostbackDelivery: CallHandler<Calls['replayPostbackDelivery']> = async (input, ctx) =>
  service.replayDelivery(ctx.db, requireCaller(ctx), input);

export const rotateSigningSecret: CallHandler<Calls['rotateSigningSecret']> = async (_input, ctx) => {
  // The one answer that carries the secret: no cache may keep it.
  ctx.c.header('Cache-Control', 'no-store');
  return service.rotateSecret(ctx.db, requireCaller(ctx), boxFor(ctx.deps.env), new Date(ctx.deps.now()));
};

export const getInspector: CallHandler<Calls['getInspector']> = async (_input, ctx) =>
  inspector.getInspector(ctx.db, requireCaller(ctx), ctx.deps.env.SITES_PUBLIC_URL);

export const clearInspector: CallHandler<Calls['clearInspector']> = async (_input, ctx) =>
  inspector.clearInspector(ctx.db, requireCaller(ctx));

export const getSigningSecretInfo: CallHandler<Calls['getSigningSecretInfo']> = async (_input, ctx) =>
  service.secretInfo(ctx.db, requireCaller(ctx), new Date(ctx.deps.now()));
