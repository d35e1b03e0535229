import { z } from 'zod';

/** What `/config.json` gives the browser: an explicit allow-list, nothing secret. */
export const runtimeConfig = z.object({
  productName: z.string(),
  apiBaseUrl: z.string(),
  dashboardUrl: z.string(),
  telegramBotLink: z.string(),
  /** The Bale alert bot (`https://ble.ir/<bot>`); its Bot API follows Telegram's. */
  baleBotLink: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  supportTelegram: z.string(),
  /** Where analytics events go (purchase, plan upgrade); null: none are sent. */
  analyticsEndpoint: z.string().nullable(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
