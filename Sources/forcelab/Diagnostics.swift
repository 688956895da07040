import Foundation

/// Messages for the user on stderr that never trap: a failed write (a full disk, a closed stream) is ignored, so the
/// run still ends with its own exit status, as the stock `lua` interpreter does.
enum Diagnostics {
    /// Writes `text` to stderr as it is.
    static func write(_ text: String) {
        fputs(text, stderr)
        fflush(stderr)
    }

    /// Opens /dev/null on any of the standard descriptors (0, 1, 2) that is closed, so that no file the script
    /// opens later takes its number and receives the messages meant for stdout or stderr.
    static func keepStandardDescriptorsOpen() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
