import Foundation
import WrapGenKit

// The whole command line lives in WrapGenKit so tests can drive it; this only hands over arguments.
exit(WrapGenCommand.run(Array(CommandLine.arguments.dropFirst())))
