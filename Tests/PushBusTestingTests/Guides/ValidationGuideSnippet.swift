// Docs/Validation.md's first block, verbatim from `import Foundation` on (DocsCodeBlockTests checks it), at file scope
// as a reader pastes it; GuideSnippetTests runs it.
import Foundation
import PushBusValidation

let diagnostics = PayloadValidator.validate(Data(#"{"aps":{"alert":"Hi"}}"#.utf8), pushType: .alert)
