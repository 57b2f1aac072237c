// The members of a business, for the team area (roles, removal, joining by invitation): the
// memberships and sessions are this area's tables, so their SQL stays here. Every function
// takes the transaction it runs in; `lockTenant` serialises one business's team changes.
export {
  countAdmins,
  countMembers,
  deleteMember,
  deleteSessionsIn,
  findMember,
  insertMembership,
  listMembers,
  lockTenant,
  setMemberRole,
  type MemberRow,
} from './members.repo.ts';
