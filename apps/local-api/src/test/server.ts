// The local service on a free port is shared with the whole-system tests, so it lives in the testkit.
export {
  call,
  startTestService,
  type RawResponse,
  type TestService,
} from '@hainiao/testkit/service';
