package org.sigflow.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.sigflow.radio.soapy.SoapyLibrary;
import org.sigflow.radio.soapy.SoapyUnavailableException;

/** {@code sigflow devices [ARGS]}: the SoapySDR devices connected (optionally filtered, e.g. driver=rtlsdr). */
final class DevicesCommand {
    private final PrintStream out;
    private final PrintStream err;

    DevicesCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    int execute(List<String> args) throws UsageException {
        if (args.size() > 1 || (!args.isEmpty() && args.getFirst().startsWith("-"))) {
            throw new UsageException("usage: sigflow devices [KEY=VALUE,...]  (e.g. driver=rtlsdr)");
        }
        SoapyLibrary lib;
        try {
            lib = SoapyLibrary.load();
        } catch (SoapyUnavailableException e) {
            err.println("sigflow: " + e.getMessage());
            return ExitCodes.RUNTIME_FAILURE;
        }
        List<Map<String, String>> devices = lib.enumerate(args.isEmpty() ? "" : args.getFirst());
        if (devices.isEmpty()) {
            out.println("No SoapySDR devices found" + (args.isEmpty() ? "" : " matching '" + args.getFirst() + "'")
                    + " (is the radio plugged in and its SoapySDR module installed? SoapySDRUtil --info lists modules)");
            return ExitCodes.OK;
        }
        for (int i = 0; i < devices.size(); i++) {
            Map<String, String> d = devices.get(i);
            String label = d.getOrDefault("label", d.getOrDefault("driver", "device"));
            out.println("[" + i + "] " + label);
            out.println("    device: " + d.entrySet().stream().filter(e -> !e.getKey().equals("label"))
                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(",")));
        }
        return ExitCodes.OK;
    }
}
