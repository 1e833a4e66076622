package org.sigflow.grc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sigflow.runtime.BlockMetrics;
import org.sigflow.runtime.RunOptions;
import org.sigflow.runtime.RunOutcome;
import org.sigflow.runtime.RunningGraph;
import org.sigflow.session.Engine;

/**
 * GRC's {@code audio_sink}, as in GNU Radio's gr-audio dial_tone example (350 Hz + 440 Hz + noise at 32 kHz): imports
 * completely and runs headless; without a sound card the sink discards the audio at 32 000 samples/s instead of
 * failing the graph. An {@code ok_to_block} of False (drop samples while the card is busy) is reported, since
 * SigFlow's sink always blocks.
 */
class GrcAudioSinkImportTest {
    private static final String DIAL_TONE = """
            blocks:
            - {name: samp_rate, id: variable, parameters: {value: '32000'}}
            - name: tone_a
              id: analog_sig_source_x
              parameters: {amp: '0.4', freq: '350', offset: '0', samp_rate: samp_rate, type: float,
                waveform: analog.GR_COS_WAVE}
            - name: tone_b
              id: analog_sig_source_x
              parameters: {amp: '0.4', freq: '440', offset: '0', samp_rate: samp_rate, type: float,
                waveform: analog.GR_COS_WAVE}
            - name: speaker
              id: audio_sink
              parameters: {device_name: '', num_inputs: '1', ok_to_block: 'BLOCKING', samp_rate: '32000'}
            - name: add
              id: blocks_add_xx
              parameters: {num_inputs: '2', type: float, vlen: '1'}
            connections:
            - [tone_a, '0', add, '0']
            - [tone_b, '0', add, '1']
            - [add, '0', speaker, '0']
            metadata: {file_format: 1}
            """;

    @Test
    void dialToneImportsCompletelyAndRunsWithoutACard() throws Exception {
        Engine engine = Engine.loadDefault();
        ImportResult r = engine.grcImporter().importText(DIAL_TONE.replace("BLOCKING", "True"), "dial_tone.grc");
        assertEquals(List.of(), r.report().attention());
        assertTrue(r.report().complete(), String.join("\n", r.report().lines()));
        var speaker = r.graph().block("speaker").orElseThrow();
        assertEquals("audio_sink", speaker.type());
        assertEquals("32000", speaker.params().get("samp_rate"));
        assertEquals("1", speaker.params().get("channels"));

        long t0 = System.nanoTime();
        try (RunningGraph run = engine.start(engine.open(r.graph(), java.nio.file.Path.of("dial_tone.graph"), Map.of()), RunOptions.DEFAULT)) {
            assertTrue(run.await(Duration.ofMillis(500)).isEmpty(), "a sound card (or its pace) never ends the tone");
            run.stop();
            RunOutcome o = run.await();
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(o.ok(), String.valueOf(o.failure()));
            BlockMetrics m = run.metrics().stream().filter(b -> b.id().equals("speaker")).findFirst().orElseThrow();
            assertTrue(m.itemsIn() > 0, "the sink took samples");
            if (m.extra().getOrDefault("null_sink", 0.0) == 1.0) {
                // paced like a card: never more than the rate allows since the start (an upper bound load cannot break)
                assertTrue(m.itemsIn() <= 32_000 * seconds + 320, m.itemsIn() + " samples in " + seconds + " s");
            }
        }
    }

    @Test
    void okToBlockFalseIsReported() throws Exception {
        ImportResult r = Engine.loadDefault().grcImporter().importText(DIAL_TONE.replace("BLOCKING", "False"),
                "dial_tone.grc");
        assertEquals(1, r.report().attention().size(), String.join("\n", r.report().lines()));
        assertTrue(r.report().lines().stream().anyMatch(l -> l.contains("speaker") && l.contains("ok_to_block")),
                String.join("\n", r.report().lines()));
    }
}
