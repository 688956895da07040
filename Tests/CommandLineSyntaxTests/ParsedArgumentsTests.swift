import CommandLineSyntax
import Foundation
import XCTest

/// The one parser of forcelab's commands: lua.c's conventions for the main command, sweep's refusal of its own
/// options after the spec, grade's options anywhere, and one wording for every mistake.
final class ParsedArgumentsTests: XCTestCase {
    private func mistake(_ arguments: [String], _ command: CommandDeclaration) -> String? {
        do {
            _ = try ParsedArguments(arguments, command: command)
            return nil
        } catch {
            return (error as? UsageError)?.message
        }
    }

    func testTheMainCommandFollowsLuaC() throws {
        let parsed = try ParsedArguments(["-estat", "-l", "g=mod", "-W", "script.lua", "-e", "--out", "x"], command: ForcelabSyntax.command)
        XCTAssertEqual(parsed.given.map(\.option.name), ["-e", "-l", "-W"])
        XCTAssertEqual(parsed.given.map(\.value), ["stat", "g=mod", nil])
        XCTAssertEqual(parsed.operands, ["script.lua", "-e", "--out", "x"], "everything after the script is the script's")
        XCTAssertEqual(parsed.firstOperandIndex, 4)
        let dash = try ParsedArguments(["-", "-v"], command: ForcelabSyntax.command)
        XCTAssertEqual(dash.operands, ["-", "-v"])
        XCTAssertFalse(dash.contains(ForcelabSyntax.version))
        let ended = try ParsedArguments(["--", "-odd.lua", "--"], command: ForcelabSyntax.command)
        XCTAssertEqual(ended.operands, ["-odd.lua", "--"])
        XCTAssertEqual(ended.firstOperandIndex, 1)
        XCTAssertEqual(try ParsedArguments(["-v", "--version"], command: ForcelabSyntax.command).given.count, 2)
        XCTAssertEqual(try ParsedArguments(["-e", "x"], command: ForcelabSyntax.command).firstOperandIndex, 2)
    }

    func testMistakesAreWordedOneWay() {
        XCTAssertEqual(mistake(["-x"], ForcelabSyntax.command), "unknown option '-x'")
        XCTAssertEqual(mistake(["-vx"], ForcelabSyntax.command), "unknown option '-vx'")
        XCTAssertEqual(mistake(["--frobnicate"], SweepSyntax.command), "unknown option '--frobnicate'")
        XCTAssertEqual(mistake(["-e"], ForcelabSyntax.command), "'-e' needs a value")
        XCTAssertEqual(mistake(["-e", "-i"], ForcelabSyntax.command), "'-e' needs a value", "lua.c takes no value starting with '-'")
        XCTAssertEqual(mistake(["--jobs"], SweepSyntax.command), "'--jobs' needs a value")
        XCTAssertEqual(mistake(["--jobs"], GradeSyntax.command), "'--jobs' needs a value")
        XCTAssertEqual(mistake(["--timeout"], ForcelabSyntax.command), "'--timeout' needs a value")
        XCTAssertNil(mistake(["--timeout", "-1"], ForcelabSyntax.command), "a long option takes the next argument as its value")
    }

    func testValuesAreCheckedAgainstTheirDeclaration() throws {
        func bad<Value>(_ option: Option<Value>, _ text: String) -> String? {
            do {
                _ = try option.value(text)
                return nil
            } catch {
                return (error as? UsageError)?.message
            }
        }
        XCTAssertEqual(bad(SweepSyntax.jobs, "0"), "'--jobs' must be a whole number from 1 to 1024, got '0'")
        XCTAssertEqual(bad(GradeSyntax.jobs, "many"), "'--jobs' must be a whole number from 1 to 1024, got 'many'")
        XCTAssertEqual(bad(SweepSyntax.shard, "4/3"), "'--shard' must be I/N with 1 <= I <= N, got '4/3'")
        XCTAssertEqual(bad(ForcelabSyntax.timeout, "never"), "'--timeout' must be a number of seconds above 0 and at most 1000000, got 'never'")
        XCTAssertEqual(bad(ForcelabSyntax.timeout, "0"), "'--timeout' must be a number of seconds above 0 and at most 1000000, got '0'")
        XCTAssertEqual(bad(ForcelabSyntax.maxInstructions, "-5"), "'--max-instructions' must be a whole number of 1 or more, got '-5'")
        XCTAssertEqual(bad(ForcelabSyntax.maxMemory, "lots"), "'--max-memory' must be a size such as 512M or 2G, got 'lots'")
        XCTAssertEqual(try ForcelabSyntax.maxMemory.value("2g"), 2 << 30)
        XCTAssertEqual(try ForcelabSyntax.maxMemory.value("1048576"), 1 << 20)
        XCTAssertEqual(bad(ForcelabSyntax.maxMemory, "9999999999999G"), "'--max-memory' must be a size such as 512M or 2G, got '9999999999999G'",
                       "a size that does not fit is refused")
        XCTAssertEqual(try SweepSyntax.shard.value("2/3"), Shard(index: 2, count: 3))
        do {
            _ = try ForcelabSyntax.maxMemory.value("lots", from: ForcelabSyntax.memoryLimitVariable)
            XCTFail("not a size")
        } catch {
            XCTAssertEqual((error as? UsageError)?.message, "FORCELAB_MEMORY_LIMIT must be a size such as 512M or 2G, got 'lots'")
        }
        let grade = try ParsedArguments([], command: GradeSyntax.command)
        XCTAssertEqual(try grade.value(GradeSyntax.timeout), 60, "grade's own default")
        XCTAssertEqual(try grade.value(GradeSyntax.maxMemory), 1 << 30)
        XCTAssertNil(try ParsedArguments([], command: ForcelabSyntax.command).value(ForcelabSyntax.timeout))
        let repeated = try ParsedArguments(["--allow-read", "a", "--allow-read", "b", "--timeout", "1", "--timeout", "2"], command: GradeSyntax.command)
        XCTAssertEqual(try repeated.values(GradeSyntax.allowRead), ["a", "b"])
        XCTAssertEqual(try repeated.value(GradeSyntax.timeout), 2, "the last one given counts")
    }

    func testSweepRefusesItsOwnOptionsAfterTheSpec() throws {
        XCTAssertEqual(mistake(["spec.lua", "--out", "x.jsonl", "--jobs", "2"], SweepSyntax.command),
                       "'--out' after the spec is forcelab sweep's own option: give it before the spec, or '--' before the spec to pass it on")
        XCTAssertEqual(mistake(["spec.lua", "-h"], SweepSyntax.command)?.hasPrefix("'-h' after the spec"), true)
        let others = try ParsedArguments(["--jobs", "2", "spec.lua", "--size", "10", "-v"], command: SweepSyntax.command)
        XCTAssertEqual(others.operands, ["spec.lua", "--size", "10", "-v"], "an argument sweep does not take is the spec's")
        let passed = try ParsedArguments(["--jobs", "2", "--", "spec.lua", "--out", "x", "--"], command: SweepSyntax.command)
        XCTAssertEqual(passed.operands, ["spec.lua", "--out", "x", "--"])
        let merge = try ParsedArguments(["--merge", "a.jsonl", "b.jsonl", "--out", "study"], command: SweepSyntax.command)
        XCTAssertEqual(merge.operands, ["a.jsonl", "b.jsonl"])
        XCTAssertEqual(try merge.value(SweepSyntax.out), "study", "--merge's files take no arguments, so options may follow them")
    }

    func testGradeTakesOptionsAnywhere() throws {
        let parsed = try ParsedArguments(["exercise.lua", "--out", "o", "a.lua", "--jobs", "2", "b.lua"], command: GradeSyntax.command)
        XCTAssertEqual(parsed.operands, ["exercise.lua", "a.lua", "b.lua"])
        XCTAssertEqual(try parsed.value(GradeSyntax.outputFolder), "o")
        XCTAssertEqual(try parsed.value(GradeSyntax.jobs), 2)
        XCTAssertEqual(mistake(["exercise.lua", "--watch"], GradeSyntax.command), "unknown option '--watch'")
        XCTAssertEqual(try ParsedArguments(["--", "-odd.lua"], command: GradeSyntax.command).operands, ["-odd.lua"])
    }

    func testUsageIsMadeFromTheDeclaration() {
        for command in CommandCatalog.all {
            let usage = command.usage
            XCTAssertTrue(usage.hasPrefix("usage: \(command.name) "), usage)
            for option in command.options {
                XCTAssertEqual(usage.contains(option.names.joined(separator: ", ")), !option.hidden, "\(command.name) \(option.name)")
                XCTAssertEqual(usage.contains(option.help.split(separator: " ").prefix(3).joined(separator: " ")), !option.hidden)
            }
            XCTAssertTrue(usage.split(separator: "\n").allSatisfy { $0.count <= 120 }, usage)
        }
        XCTAssertTrue(GradeSyntax.command.usage.contains("--timeout SECONDS"), GradeSyntax.command.usage)
        XCTAssertTrue(GradeSyntax.command.usage.contains("(default: 60)"), GradeSyntax.command.usage)
        XCTAssertTrue(GradeSyntax.command.usage.contains("(default: 1G)"), GradeSyntax.command.usage)
        XCTAssertTrue(ForcelabSyntax.command.usage.contains("implies -E, so"), ForcelabSyntax.command.usage)
        XCTAssertTrue(ForcelabSyntax.command.usage.contains("forcelab sweep [--jobs N]"), ForcelabSyntax.command.usage)
    }

    /// The declarations read as data (JSON), as `forcelab --api`, the man page and the completion read them.
    func testTheDeclarationsEncodeAsJSON() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(CommandCatalog.all)
        let commands = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        XCTAssertEqual(commands.map { $0["name"] as? String }, ["forcelab", "forcelab sweep", "forcelab grade", "forcelab kernel", "forcelab kernel install", "ForceBench"])
        let sweep = commands[1]
        XCTAssertEqual(sweep["afterOperand"] as? String, "ownOptionsRefused")
        let jobs = try XCTUnwrap((sweep["options"] as? [[String: Any]])?.first { ($0["names"] as? [String]) == ["--jobs"] })
        XCTAssertEqual(jobs["default"] as? String, "every core this process may use")
        let value = try XCTUnwrap(jobs["value"] as? [String: Any])
        XCTAssertEqual(value["kind"] as? String, "wholeNumber")
        XCTAssertEqual(value["placeholder"] as? String, "N")
        XCTAssertEqual(value["minimum"] as? Double, 1)
        XCTAssertEqual(value["maximum"] as? Double, 1024)
    }
}
