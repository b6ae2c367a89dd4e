// A server or CLI imports PushBusValidation alone: the payloads it checks and the values its reports name
// (`PushValue`, `PushContent`, `PayloadIssue`) are PushBusCore's.
@_exported public import PushBusCore
