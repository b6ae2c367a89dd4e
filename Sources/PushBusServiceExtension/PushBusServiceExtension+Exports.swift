// The minimal service extension's one import: the pipeline and the content it rewrites (`PushContent`, `PushSound`),
// which are PushBusCore's.
@_exported public import PushBusCore
