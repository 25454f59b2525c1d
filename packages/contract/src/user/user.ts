import { z } from 'zod';
import { idList } from '../envelope.ts';
import { defineResource } from '../resource.ts';
import { secret } from '../secret.ts';

/** Users of a tenant (SPEC §3 User). The password is write-only and stored as an Argon2id hash. */
export const userResource = defineResource({
  name: 'user',
  basePath: '/api/yuan-user',
  table: 'yuan_user',
  perm: 'user',
  tenantScoped: true,
  listPath: '/page',
  submitTenant: true,
  title: ['用户', 'User'],
  fields: {
    account: {
      column: 'account',
      kind: 'string',
      label: ['登录账号', 'Account'],
      required: ['请输入登录账号', 'Please enter the account'],
      max: 64,
      search: 'like',
      unique: true,
    },
    name: {
      column: 'name',
      kind: 'string',
      label: ['用户昵称', 'Nickname'],
      required: ['请输入用户昵称', 'Please enter the nickname'],
      max: 64,
    },
    realName: {
      column: 'real_name',
      kind: 'string',
      label: ['用户姓名', 'Real name'],
      required: ['请输入用户姓名', 'Please enter the real name'],
      max: 64,
      search: 'like',
    },
    password: { column: 'password', kind: 'string', label: ['密码', 'Password'], max: 128, writeOnly: true },
    // The confirmation of the origin's user form: it must equal the password when given (no column of its own).
    password2: {
      column: '',
      kind: 'string',
      label: ['确认密码', 'Confirm password'],
      max: 128,
      formOnly: true,
      secret: true,
      sameAs: 'password',
      list: false,
    },
    code: { column: 'code', kind: 'string', label: ['用户编号', 'User number'], max: 32 },
    userType: {
      column: 'user_type',
      kind: 'int',
      label: ['用户平台', 'Platform'],
      min: 1,
      max: 9,
      search: 'eq',
    },
    email: { column: 'email', kind: 'string', label: ['电子邮箱', 'Email'], max: 128 },
    phone: { column: 'phone', kind: 'string', label: ['手机号码', 'Phone'], max: 32, search: 'like' },
    sex: { column: 'sex', kind: 'int', label: ['用户性别', 'Sex'], min: -1, max: 2 },
    birthday: { column: 'birthday', kind: 'datetime', label: ['用户生日', 'Birthday'], list: false },
    roleId: {
      column: 'role_id',
      kind: 'ids',
      label: ['所属角色', 'Roles'],
      required: ['请选择所属角色', 'Please choose the roles'],
    },
    deptId: {
      column: 'dept_id',
      kind: 'ids',
      label: ['所属部门', 'Departments'],
      required: ['请选择所属部门', 'Please choose the departments'],
      search: 'eq',
    },
    postId: {
      column: 'post_id',
      kind: 'ids',
      label: ['所属岗位', 'Posts'],
      required: ['请选择所属岗位', 'Please choose the posts'],
    },
  },
});

/** user/grant: give users roles. */
export const userGrant = z.strictObject({ userIds: idList, roleIds: idList });
/** reset-password and unlock: the users concerned. */
export const userIds = z.strictObject({ userIds: idList });
/** update-password: the caller's own password (SPEC §7). */
export const updatePassword = z.strictObject({
  oldPassword: secret(z.string().min(1).max(128)),
  newPassword: secret(z.string().min(6).max(128)),
  newPassword1: secret(z.string().min(6).max(128)),
});
