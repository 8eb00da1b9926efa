import { feedback, FEEDBACK_STATES, FEEDBACK_TYPES } from '@zoo/contract';
import { defineCrudPage } from '../../../crud';

const opts = (group: string, keys: readonly number[]) => keys.map((k) => ({ label: `feedback.${group}.${k}`, value: k }));

/** 意见反馈 (contract `feedback`): staff feedback, its state and the answer (who answered, when: set by the server). */
export const feedbackPage = defineCrudPage({
  crud: feedback,
  i18n: 'feedback',
  fields: {
    // `feedback.title` is the page name, so the field takes its own key.
    title: { label: 'feedback.title_', search: true },
    feedbackType: { options: opts('types', FEEDBACK_TYPES), search: { key: 'feedbackType_equal' }, width: 100 },
    content: { widget: 'textarea', rows: 4, table: false },
    contactName: { width: 100 },
    contactPhone: { width: 130 },
    handleState: { options: opts('states', FEEDBACK_STATES), search: { key: 'handleState_equal' }, width: 100 },
    reply: { widget: 'textarea', rows: 4, table: false },
    createUserName: { form: false, width: 100 },
    createTime: { form: false, width: 170, search: { range: ['createTime_dategt', 'createTime_datelt'] } },
    replyUserName: { form: false, width: 100 },
    replyTime: { form: false, width: 170 },
  },
  defaults: { feedbackType: 1, handleState: 1 },
});
