/** English copy of the API console's Team tab, and of the team notes on the Credentials tab. */
export const teamEn = {
  tab: 'Team',
  intro:
    "Each member signs in with their own account and runs the local API as themselves, with one of the team's API credentials. Only the main account adds members and applies for credentials: one per member, main account included.",
  quota: 'API credentials: {held} of {quota} (one per team member)',
  subTitle: 'Your team is managed by {main}',
  subText:
    "The team's main account, {main}, adds and removes members and applies for the team's API credentials (one per member). Ask {main} for a credential, then log in the local API with your own account name: hainiao-api --account {self} --app_id … --app_key …",
  add: 'Add sub-account',
  addTitle: 'New sub-account',
  addHelp:
    'The sub-account signs in with this name or email and password. Give them to its user; they can sign in right away.',
  addOk: 'Create sub-account',
  account: 'Account name',
  accountHelp: '3 to 32 letters, digits, underscores, dots or dashes',
  email: 'Email',
  password: 'Password',
  passwordHelp: 'At least 8 characters',
  full: 'Your team has reached its limit of {max} members.',
  colAccount: 'Account',
  colEmail: 'Email',
  colType: 'Type',
  colRegistered: 'Registered',
  colExpires: 'Package until',
  colOnline: 'Local API',
  colActions: 'Actions',
  typeMain: 'Main account',
  typeSub: 'Sub-account',
  online: 'Online',
  offline: 'Offline',
  you: 'You',
  remove: 'Remove',
  removeTitle: 'Remove {account} from your team?',
  removeText:
    '{account} can no longer sign in or log in a local API: its sessions and local API logins end now. The name stays reserved. Your API credentials stay as they are; the quota drops to {quota}.',
  removeOk: 'Remove',
  cancel: 'Cancel',
  refresh: 'Refresh',
  empty: 'No members to show.',
  /** The Credentials tab, for a sub-account and for a main account. */
  credentials: {
    subTitle: 'Only the main account applies for API credentials',
    subText:
      "Your team's quota is one API credential per member, and only the team's main account, {main}, applies for them. Ask {main} for one, then log in the local API with your own account name.",
    quota:
      'API credentials: {held} of {quota}. The quota is the number of team members, main account included; only the main account applies.',
    quotaSolo:
      'API credentials: {held} of {quota}. Add team members in the Team tab to hold more: one per member.',
  },
};
export type TeamMessages = typeof teamEn;
