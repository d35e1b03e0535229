import { financialTransaction } from '@paydar/contracts/billing';
import { errorBody, pageOf } from '@paydar/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../context';
import { callerOf, requireCaller } from '../../http/authentication';
import { transactionsQuery } from './wallet.schema';
import { getFinancialTransactions, TRANSACTIONS_PATH } from './wallet.service';

export function walletRoutes(context: ServiceContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      TRANSACTIONS_PATH,
      {
        onRequest: requireCaller(context),
        schema: {
          operationId: 'listFinancialTransactions',
          summary: "The wallet's transactions, paged",
          tags: ['billing'],
          querystring: transactionsQuery,
          response: { 200: pageOf(financialTransaction), 400: errorBody, 401: errorBody },
        },
      },
      (request) => getFinancialTransactions(context, callerOf(request), request.query),
    );
  };
}
