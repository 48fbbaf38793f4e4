// acl-config: check, explain and format acl.json files with the same rules aclInit applies.
//
// Every verdict comes from the core's validation API (aclppValidateFile), so the tool can
// never disagree with the runtime about a config.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <map>

#include "commands.hpp"

namespace {

// Without --devices a default_device is checked against the most devices a host can have: the
// config is often checked on another machine than the server it is for (issue 27).
void addDevicesOption(CLI::App &command, uint32_t &devices) {
    command
        .add_option("--devices", devices,
                    "The device count of the machine the config is for (default: detected over the vendor runtime, "
                    "else ACLPP_DEVICE_COUNT, else any device id below " +
                        std::to_string(ACLPP_MAX_DEVICE_COUNT) + ")")
        ->check(CLI::Range(1u, ACLPP_MAX_DEVICE_COUNT))
        ->option_text("N");
}

}  // namespace

int main(int argc, char **argv) {
    using namespace aclconfig;

    CLI::App app{"Check, explain and format acl.json files exactly as aclInit reads them.", "acl-config"};
    app.set_version_flag("--version", std::string("acl-config (aclpp ") + aclppCoreVersionString() + ")");
    app.require_subcommand(1);
    app.footer(kExitStatusHelp);

    std::string color = "auto";
    app.add_option("--color", color, "Colour the output: auto (a terminal and no NO_COLOR), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->option_text("WHEN")
        ->capture_default_str();

    CheckOptions check;
    CLI::App *checkCommand = app.add_subcommand("check", "Validate configs as aclInit would and print every finding");
    checkCommand->add_option("FILE", check.files, "acl.json files to check (- for standard input)")->required();
    checkCommand->add_option("--soc", check.soc, "Validate for this SoC (see `acl-config socs`)")->option_text("NAME");
    addDevicesOption(*checkCommand, check.devices);
    checkCommand
        ->add_option("--cann", check.cannVersions,
                     "Apply the rules of these CANN releases where releases differ, one report per version: "
                     "9.0.0, 9.0.1, 9.1.0, 9.2.0 or master, comma separated (default: ACLPP_CANN_VERSION, else the "
                     "loaded vendor runtime's version, else master's rules)")
        ->delimiter(',')
        ->allow_extra_args(false)  // one list per --cann: the files that follow are not versions
        ->option_text("VERSION[,VERSION...]");
    CLI::Option *formatOption =
        checkCommand
            ->add_option("--format", check.format,
                         "text (the default), json (one report per file), github (Actions annotations) or sarif "
                         "(SARIF 2.1.0)")
            ->check(CLI::IsMember({"text", "json", "github", "sarif"}))
            ->option_text("FORMAT");
    checkCommand
        ->add_flag_callback(
            "--json", [&check] { check.format = "json"; }, "The same as --format=json")
        ->excludes(formatOption);

    ExplainOptions explain;
    CLI::App *explainCommand =
        app.add_subcommand("explain", "Show the effective configuration and what set each value");
    explainCommand->add_option("FILE", explain.file, "acl.json file (- for standard input)")->required();
    explainCommand->add_option("--soc", explain.soc, "Explain for this SoC (see `acl-config socs`)")
        ->option_text("NAME");
    addDevicesOption(*explainCommand, explain.devices);
    explainCommand
        ->add_option("--cann", explain.cann,
                     "Apply the rules of this CANN release where releases differ: 9.0.0, 9.0.1, 9.1.0, 9.2.0 or "
                     "master (default: ACLPP_CANN_VERSION, else the loaded vendor runtime's version, else master's "
                     "rules)")
        ->option_text("VERSION");

    FmtOptions fmt;
    CLI::App *fmtCommand = app.add_subcommand(
        "fmt", "Print the canonical layout (2-space indent, the file's key order, values unchanged)");
    fmtCommand->add_option("FILE", fmt.file, "acl.json file (- for standard input)")->required();
    CLI::Option *checkFlag =
        fmtCommand->add_flag("--check", fmt.check, "Print nothing; exit 1 when the file is not canonical");
    CLI::Option *inPlaceFlag = fmtCommand->add_flag("--in-place,-i", fmt.inPlace, "Rewrite the file");
    checkFlag->excludes(inPlaceFlag);

    CLI::App *socsCommand = app.add_subcommand("socs", "List the emulated SoCs (the product table)");
    CLI::App *runtimeCommand =
        app.add_subcommand("runtime", "Show the runtime aclpp runs over and which vendor features it has");

    DoctorOptions doctor;
    CLI::App *doctorCommand = app.add_subcommand(
        "doctor",
        "Diagnose the deployment: runtime, library, toolkit, CANN version, SoC, devices, environment, "
        "and a config's output paths and findings; every finding with a fix");
    doctorCommand->add_option("CONFIG", doctor.config, "acl.json to look at as well (- for standard input)");
    doctorCommand->add_option("--soc", doctor.soc, "Check the config for this SoC (see `acl-config socs`)")
        ->option_text("NAME");
    doctorCommand
        ->add_option("--cann", doctor.cann,
                     "Check the config with this CANN release's rules (default: ACLPP_CANN_VERSION, else the "
                     "loaded vendor runtime's version)")
        ->option_text("VERSION");
    doctorCommand->add_option("--format", doctor.format, "text (the default) or json")
        ->check(CLI::IsMember({"text", "json"}))
        ->option_text("FORMAT");

    SchemaOptions schema;
    CLI::App *schemaCommand =
        app.add_subcommand("schema", "Print the JSON Schema (draft 2020-12) of acl.json, for editors and CI");
    schemaCommand->add_option("--soc", schema.soc, "The rules of this SoC (default: what every product accepts)")
        ->option_text("NAME");

    for (CLI::App *command : {checkCommand, explainCommand, fmtCommand, socsCommand, schemaCommand, runtimeCommand}) {
        command->footer(kExitStatusHelp);
    }
    doctorCommand->footer(kDoctorExitStatusHelp);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &error) {
        // --help and --version are "errors" with status 0; every real one is a usage error.
        const int cliStatus = app.exit(error);
        return cliStatus == 0 ? kExitOk : kExitUsage;
    }

    const std::map<std::string, ColorChoice> colorChoices = {
        {"auto", ColorChoice::automatic}, {"always", ColorChoice::always}, {"never", ColorChoice::never}};
    const Style style = Style::detect(colorChoices.at(color));

    try {
        int status = kExitUsage;
        if (checkCommand->parsed()) status = runCheck(check, style, std::cout);
        if (explainCommand->parsed()) status = runExplain(explain, style, std::cout);
        if (fmtCommand->parsed()) status = runFmt(fmt, style, std::cout);
        if (socsCommand->parsed()) status = runSocs(style, std::cout);
        if (schemaCommand->parsed()) status = runSchema(schema, std::cout);
        if (runtimeCommand->parsed()) status = runRuntime(style, std::cout);
        if (doctorCommand->parsed()) status = runDoctor(doctor, style, std::cout);
        std::cout.flush();
        return status;
    } catch (const UsageError &error) {
        std::cout.flush();
        std::cerr << "acl-config: error: " << error.what() << '\n';
        return kExitUsage;
    } catch (const std::exception &error) {
        std::cout.flush();
        std::cerr << "acl-config: internal error: " << error.what() << '\n';
        return kExitUsage;
    }
}
