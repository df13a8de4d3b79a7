/**
 * Every endpoint of the API, named once: its method and path. The server's routes take them by name
 * (server/api/route.ts) with the bodies and answers contract.ts gives the same names; the browser calls them by name
 * (`requestEndpoint`, lib/http/client.ts), never by a path string. Values without zod: the browser reads this file.
 */
export const endpoints = {
  // A contact's session
  chatVerify: { method: 'POST', path: '/api/chat/verify' },
  pageVerify: { method: 'POST', path: '/api/verify' },
  chatExtend: { method: 'POST', path: '/api/chat/extend' },
  chatNewLink: { method: 'POST', path: '/api/chat/newLink' },
  contactGet: { method: 'POST', path: '/api/contacts/get' },
  organizationUserGet: { method: 'POST', path: '/api/organizationUsers/get' },
  organizationUsersTeam: { method: 'POST', path: '/api/organizationUsers/team' },
  // Chat
  chatMessagesList: { method: 'POST', path: '/api/chat/messages/list' },
  chatMessagesSend: { method: 'POST', path: '/api/chat/messages/send' },
  chatRead: { method: 'POST', path: '/api/chat/read' },
  chatTyping: { method: 'POST', path: '/api/chat/typing' },
  chatStatus: { method: 'POST', path: '/api/chat/status' },
  chatAssign: { method: 'POST', path: '/api/chat/assign' },
  chatSnooze: { method: 'POST', path: '/api/chat/snooze' },
  chatTags: { method: 'POST', path: '/api/chat/tags' },
  chatPriority: { method: 'POST', path: '/api/chat/priority' },
  chatMute: { method: 'POST', path: '/api/chat/mute' },
  chatBoxes: { method: 'POST', path: '/api/chat/boxes' },
  chatTranscript: { method: 'POST', path: '/api/chat/transcript' },
  chatRate: { method: 'POST', path: '/api/chat/rate' },
  chatStream: { method: 'GET', path: '/api/chat/stream' },
  chatFileUpload: { method: 'POST', path: '/api/chat/files/upload' },
  chatFileAccess: { method: 'POST', path: '/api/chat/files/access' },
  chatFileDownload: { method: 'GET', path: '/api/chat/files/download' },
  // Staff
  inboxStream: { method: 'GET', path: '/api/inbox/stream' },
  inboxList: { method: 'POST', path: '/api/inbox/list' },
  inboxBulk: { method: 'POST', path: '/api/inbox/bulk' },
  tagsList: { method: 'POST', path: '/api/tags/list' },
  tagCreate: { method: 'POST', path: '/api/tags/create' },
  tagRename: { method: 'POST', path: '/api/tags/rename' },
  tagDelete: { method: 'POST', path: '/api/tags/delete' },
  savedRepliesList: { method: 'POST', path: '/api/savedReplies/list' },
  savedReplyCreate: { method: 'POST', path: '/api/savedReplies/create' },
  savedReplyUpdate: { method: 'POST', path: '/api/savedReplies/update' },
  savedReplyDelete: { method: 'POST', path: '/api/savedReplies/delete' },
  savedReplyUsed: { method: 'POST', path: '/api/savedReplies/used' },
  settingsGet: { method: 'POST', path: '/api/settings/get' },
  settingsUpdate: { method: 'POST', path: '/api/settings/update' },
  ratingsReport: { method: 'POST', path: '/api/ratings/report' },
  me: { method: 'GET', path: '/api/me' },
  meNotifications: { method: 'POST', path: '/api/me/notifications' },
  meAlerts: { method: 'POST', path: '/api/me/alerts' },
  staffList: { method: 'POST', path: '/api/staff/list' },
  staffAdd: { method: 'POST', path: '/api/staff/add' },
  staffRole: { method: 'POST', path: '/api/staff/role' },
  staffRemove: { method: 'POST', path: '/api/staff/remove' },
  invitationCreate: { method: 'POST', path: '/api/invitations/create' },
  invitationsRecent: { method: 'POST', path: '/api/invitations/recent' },
  contactsList: { method: 'POST', path: '/api/contacts/list' },
  contactDetails: { method: 'POST', path: '/api/contacts/details' },
  contactExport: { method: 'POST', path: '/api/contacts/export' },
  contactErase: { method: 'POST', path: '/api/contacts/erase' },
  // The help centre
  helpful: { method: 'POST', path: '/api/helpful' },
  helpfulComment: { method: 'POST', path: '/api/helpful/comment' },
  searchMiss: { method: 'POST', path: '/api/search/miss' },
  helpCentreReport: { method: 'POST', path: '/api/helpCentre/report' },
  helpCentreClearComment: { method: 'POST', path: '/api/helpCentre/clearComment' },
  // E-mail
  ratingsRate: { method: 'POST', path: '/api/ratings/rate' },
  mailUnsubscribe: { method: 'POST', path: '/api/mail/unsubscribe' },
  mailResubscribe: { method: 'POST', path: '/api/mail/resubscribe' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: `/api/${string}` }>;

export type EndpointName = keyof typeof endpoints;
