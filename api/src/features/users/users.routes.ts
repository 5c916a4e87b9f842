import { userCalls } from '@leadmesh/schema';
import { bind } from '../../lib/call.ts';
import * as h from './users.handlers.ts';

export const userRoutes = [
  bind(userCalls.createUser, h.createUser),
  bind(userCalls.setTheme, h.setTheme),
  bind(userCalls.changePassword, h.changePassword),
  bind(userCalls.getSingleUser, h.getSingleUser),
  bind(userCalls.editUser, h.editUser),
  bind(userCalls.getAllUsers, h.getAllUsers),
  bind(userCalls.verifyPublisher, h.verifyPublisher),
];
