import { describe, expect, it } from 'vitest';
import { type Answer, type ApiDocument, responseChecker } from './openapi-responses';

const document: ApiDocument = {
  paths: {
    '/things/{id}/': {
      get: {
        operationId: 'getThing',
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { id: { type: 'integer' }, note: { type: ['string', 'null'] } },
                  required: ['id'],
                },
              },
            },
          },
          404: { content: { 'application/json': { schema: { type: 'object', required: ['code'] } } } },
        },
      },
      delete: { operationId: 'deleteThing', responses: { 204: {} } },
    },
    '/things/{id}/events': {
      get: { operationId: 'streamThing', responses: { 200: { content: { 'text/event-stream': { schema: {} } } } } },
    },
  },
};
const { problemOf, operationOf } = responseChecker(document);
const answer = (overrides: Partial<Answer>): Answer => ({
  method: 'GET',
  route: '/things/:id/',
  statusCode: 200,
  contentType: 'application/json; charset=utf-8',
  body: '{"id":1,"note":null}',
  ...overrides,
});

describe('responseChecker', () => {
  it.each([
    ['a described JSON answer', {}],
    ['a declared error', { statusCode: 404, body: '{"code":"NOT_FOUND"}' }],
    ['HEAD of a GET', { method: 'HEAD', body: '' }],
    ['a 204 with no body', { method: 'DELETE', statusCode: 204, contentType: undefined, body: '' }],
    ['a stream, by its media type', { route: '/things/:id/events', contentType: 'text/event-stream', body: undefined }],
    ['a route the document leaves out', { route: '/hidden', statusCode: 500 }],
  ])('passes %s', (_, overrides) => {
    expect(problemOf(answer(overrides))).toBeNull();
  });

  it.each([
    ['an undeclared status', { statusCode: 500 }, 'status 500 is not declared'],
    ['another media type', { contentType: 'text/plain' }, 'sent text/plain, the document declares application/json'],
    ['a body off the schema', { body: '{"id":"1"}' }, 'body does not match the document: body/id must be integer'],
    ['a missing field', { body: '{}' }, "must have required property 'id'"],
    ['JSON that does not parse', { body: '{' }, 'does not parse'],
    ['a body on a bodiless status', { method: 'DELETE', statusCode: 204, body: 'null' }, 'declares no body'],
    ['a stream declared otherwise', { contentType: 'text/event-stream', body: undefined }, 'sent text/event-stream'],
  ])('refuses %s', (_, overrides, problem) => {
    expect(problemOf(answer(overrides))).toContain(problem);
  });

  it('names the operation of an answer', () => {
    expect(operationOf({ method: 'DELETE', route: '/things/:id/' })).toBe('deleteThing');
    expect(operationOf({ method: 'PUT', route: '/things/:id/' })).toBeUndefined();
  });
});
