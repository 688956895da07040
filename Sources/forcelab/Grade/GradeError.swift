/// Why grading stopped before the checks: the message and the exit status it gives.
struct GradeError: Error, CustomStringConvertible {
    /// What went wrong, naming the file and the place.
    let description: String
    /// 1 the submission failed, 2 a usage error or an exercise that cannot be used, 3 a limit was reached.
    let status: Int32

    /// A usage mistake or an exercise that cannot be used (status 2).
    static func exercise(_ message: String) -> GradeError { GradeError(description: message, status: 2) }

    /// A submission that does not run or returns no force (status 1).
    static func submission(_ message: String) -> GradeError { GradeError(description: message, status: 1) }

    /// A time, instruction or memory limit (status 3).
    static func limit(_ message: String) -> GradeError { GradeError(description: message, status: 3) }
}
