print("timeline-demo: under construction")
