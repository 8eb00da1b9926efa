import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { feedback } from '@zoo/contract';
import { resourceRoutes } from '../../../platform/resource/resource-routes';
import { userOf } from '../shared/lookups';
import { zooFeedback } from './feedback.tables';

/**
 * 意见反馈: staff submit feedback; whoever answers it (an answer or a state past "open") is stamped as the
 * replier at that moment, so the list shows who answered and when.
 */
export function feedbackRoutes(app: FastifyInstance): void {
  resourceRoutes(app, {
    table: zooFeedback,
    def: feedback,
    toRecords: (rows, ctx) =>
      Promise.all(
        rows.map(async (r) => {
          const [replier, author] = await Promise.all([userOf(ctx)(r.replyUser), userOf(ctx)(r.createUser)]);
          return { ...r, replyUserName: replier ? replier.realName || replier.account : '', createUserName: author ? author.realName || author.account : '' };
        }),
      ),
    beforeSave: async (input, { session }, existing) => {
      const reply = input.reply ?? '';
      const answered = reply !== '' || input.handleState !== 1;
      const changed = !existing || reply !== existing.reply || input.handleState !== existing.handleState;
      if (!answered) return { replyUser: null, replyTime: null };
      if (!changed) return {};
      // The database clock, like every other stamp.
      return { replyUser: session.userId, replyTime: sql`localtimestamp(0)` as never };
    },
  });
}
