// Placeholder; grows in a later issue.
import PushBus
